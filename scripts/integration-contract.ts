/**
 * `npm run contract:write`: writes the integration API's contract (docs/integration/openapi.json) from
 * the API's routes and the practice events (decision 0109), then the TypeScript client generated from it,
 * packages/integration-client/src/generated/ (decision 0114). `npm run contract:write -- --release` also
 * keeps it as the released contract of its major version (docs/integration/versions/v1.json), the
 * baseline that scripts/integration-contract.test.ts refuses breaking changes against: a release, so
 * reviewed as one (docs/integration/versioning.md).
 */
import { copyFileSync, mkdirSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import {
  contractFile,
  contractVersion,
  releasedContractFile,
  writeContract,
} from './lib/contract/integration-contract.ts';
import { clientFolder, writeClient } from './lib/contract/integration-client.ts';
import { repoRoot } from './lib/shared/paths.ts';

await writeContract();
console.info(`Wrote ${relative(repoRoot, contractFile)} (version ${contractVersion}).`);
// The client is generated from the file just written, so the two never part (decision 0114).
await writeClient();
console.info(`Wrote ${relative(repoRoot, clientFolder)}, the TypeScript client of that contract.`);
if (process.argv.includes('--release')) {
  const released = releasedContractFile(Number(contractVersion.split('.')[0]));
  mkdirSync(dirname(released), { recursive: true });
  copyFileSync(contractFile, released);
  console.info(`Kept it as ${relative(repoRoot, released)}, the baseline of breaking changes.`);
}
