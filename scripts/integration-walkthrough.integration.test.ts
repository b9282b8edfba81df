import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { connectDatabase, type DatabaseHandle } from '@vet/db/connection';
import type { ScratchDatabase } from '@vet/db/scratch-database';
import { copyTestDatabase } from '@vet/db/testing/own-database';
import { addEndpoint } from '@vet/practice-events/endpoints-repository';
import { developmentSecretKeys, sealSecret } from '@vet/practice-events/secret-box';
import { newEndpointSecret } from '@vet/practice-events/webhook-delivery';
import { loadDemoGroup } from '@vet/practice-import/demo/load-demo-group';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from './lib/shared/paths.ts';
import { embeddedIssuer, startPortal, type RunningPortal } from './lib/start/portal.ts';

/**
 * `npm run walkthrough` (docs/integration/walkthrough.md, decision 0114) run for real, as a vendor runs
 * it against `npm start`: the script in its own process, with the settings `npm start` reads, against
 * the identity provider and the API started as `npm start` starts them, on a database of its own holding
 * the demo group. It fails when the contract, the generated client or the walkthrough drift apart.
 */

const ports = { web: 3477, api: 4077, idp: 4177 };
let database: ScratchDatabase;
let portal: RunningPortal;
let handle: DatabaseHandle;

beforeAll(async () => {
  // Its own database: the API's dispatcher would otherwise deliver other tests' events, and theirs ours.
  database = await copyTestDatabase('portal_walkthrough');
  handle = connectDatabase(database.url, { max: 1 });
  await loadDemoGroup({ databaseUrl: database.url, embeddedIssuer: embeddedIssuer(ports.idp) });
  portal = await startPortal({
    databaseUrl: database.url,
    webPort: ports.web,
    apiPort: ports.api,
    idpPort: ports.idp,
    portalUrl: `http://localhost:${ports.web}`,
    output: 'collect',
    nodeEnv: 'test',
    web: false,
    testLogName: 'walkthrough',
  });
}, 240_000);

afterAll(async () => {
  await portal?.stop();
  await handle?.close();
  await database?.drop();
});

/** `npm run walkthrough` with `npm start`'s settings pointing at this run's portal. */
async function walkthrough(machineSecret: string): Promise<{ code: number; output: string }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(repoRoot, 'scripts/integration-walkthrough.ts')],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        PORT: String(ports.web),
        API_PORT: String(ports.api),
        IDP_PORT: String(ports.idp),
        IDP_MACHINE_CLIENT_ID: portal.machineClient.clientId,
        IDP_MACHINE_CLIENT_SECRET: machineSecret,
        // The operator's command finds npm start's database by itself; here it is named.
        DATABASE_URL: database.url,
        NODE_ENV: 'test',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number>((resolve) => child.on('close', (exit) => resolve(exit ?? 1)));
  return { code, output };
}

describe('npm run walkthrough against the running portal', () => {
  it('goes from a token to a verified webhook, and leaves the portal as it found it', async () => {
    // What a walkthrough stopped half-way leaves: its endpoint, whose secret the next run cannot know.
    await addEndpoint(handle.db, {
      name: 'api.walkthrough.left',
      url: 'http://127.0.0.1:9/portal-events',
      secret: sealSecret(developmentSecretKeys, newEndpointSecret()),
      practiceRefs: null,
      eventTypes: ['appointment.booked'],
    });
    await handle.pool.query(`update webhook_endpoints set owner_client_id = $1`, [
      portal.machineClient.clientId,
    ]);
    const { code, output } = await walkthrough(portal.machineClient.clientSecret);
    expect(output).toContain('Walkthrough done');
    expect(code).toBe(0);
    const booked = /5\. The demo client booked appointment (\d+) online/.exec(output);
    expect(booked, output).not.toBeNull();
    const appointmentId = Number(booked![1]);
    expect(output).toMatch(
      /6\. Webhook evt_\d+ \(appointment\.booked\) arrived and its signature verified\./,
    );

    const { rows: appointments } = await handle.pool.query<{ ref: string; status: string }>(
      'select pms_ref as ref, status from appointments where id = $1',
      [appointmentId],
    );
    expect(appointments).toEqual([{ ref: `WALK-A-${appointmentId}`, status: 'Cancelled' }]);
    const { rows: endpoints } = await handle.pool.query('select name from webhook_endpoints');
    expect(endpoints).toEqual([]);
    const { rows: pets } = await handle.pool.query<{ name: string }>(
      'select p.name from pets p join clients c on c.id = p.client_id where c.pms_ref = $1',
      ['WALK-C-0001'],
    );
    expect(pets).toEqual([{ name: 'Babbage' }]);
  }, 240_000);

  it('stops at the first step, saying why, when the machine secret is wrong', async () => {
    const { code, output } = await walkthrough('not-the-secret-of-the-practice-system-client');
    expect(code).toBe(1);
    expect(output).toContain(
      'Walkthrough failed: The token endpoint answered 401: check the client id, secret and scope.',
    );
  }, 60_000);
});
