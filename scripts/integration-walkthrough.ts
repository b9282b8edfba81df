/**
 * `npm run walkthrough`: docs/integration/walkthrough.md run against a running `npm start`, from a token
 * to a verified webhook (decision 0114). It reads the settings `npm start` reads (PORT, API_PORT, IDP_PORT,
 * IDP_MACHINE_CLIENT_ID and _SECRET, IDP_CLIENT_ID and _SECRET), with the same defaults; the machine
 * client's secret is the one `npm start` keeps in .data/practice-system-secret unless given.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defaultMachineClientId } from '@vet/contracts/machine-access';
import { DEMO_ACCOUNT } from '@vet/db/seed/demo-accounts';
import { DEV_CLIENT_SECRET } from '../apps/idp/src/config-production-rules.ts';
import { repoRoot } from './lib/shared/paths.ts';
import { failureOf } from './lib/walkthrough/failure.ts';
import { runWalkthrough } from './lib/walkthrough/walkthrough.ts';

const env = process.env;
const secretFile = join(repoRoot, '.data/practice-system-secret');
const machineSecret =
  env.IDP_MACHINE_CLIENT_SECRET || (existsSync(secretFile) ? readFileSync(secretFile, 'utf8').trim() : '');
if (!machineSecret) {
  console.error(
    'No machine client secret: start the portal with `npm start` first (it writes .data/practice-system-secret).',
  );
  process.exit(1);
}
const issuer = `http://localhost:${env.IDP_PORT ?? 4100}`;
const { email, password } = DEMO_ACCOUNT.manyPets;

try {
  await runWalkthrough(
    {
      apiUrl: `http://localhost:${env.API_PORT ?? 4000}`,
      tokenUrl: `${issuer}/oauth/token`,
      machineClient: {
        clientId: env.IDP_MACHINE_CLIENT_ID || defaultMachineClientId,
        clientSecret: machineSecret,
      },
      practiceRef: env.WALKTHROUGH_PRACTICE_REF ?? 'PRAC-0001',
      demoClient: {
        issuer,
        portalUrl: `http://localhost:${env.PORT ?? 3000}`,
        webClient: {
          clientId: env.IDP_CLIENT_ID || 'client-portal',
          clientSecret: env.IDP_CLIENT_SECRET || DEV_CLIENT_SECRET,
        },
        account: { email, password },
      },
    },
    (line) => console.info(line),
  );
  console.info('Walkthrough done: token, feed, records, webhook verified.');
} catch (error) {
  console.error(`Walkthrough failed: ${failureOf(error)}`);
  process.exitCode = 1;
}
