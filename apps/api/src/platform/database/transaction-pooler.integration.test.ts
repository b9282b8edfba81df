import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectDatabase, type DatabaseHandle } from '@vet/db/connection';
import { createPet } from '@vet/db/testing/factories';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { ensurePgbouncer, startPgbouncer, type Pooler } from '@vet/db/testing/pgbouncer';
import { jsonRecords } from '@vet/practice-import/testing/json-records';
import { seedImportLookups } from '@vet/practice-import/testing/run-test-import';
import { testGroup } from '@vet/practice-import/testing/test-group';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useSignedInTestApp } from '../../testing/signed-in-app.ts';
import { recordRequests } from '../../practice-system/records/testing/record-requests.ts';

/**
 * The API behind PgBouncer in transaction mode (decision 0128): the requests' pool through the pooler,
 * its statements unnamed; import sessions on the server itself. Each request below runs statements the
 * code names (decision 0026), many at once, so that PgBouncer hands them different server connections.
 */
const database = useTestDatabase();
const folder = mkdtempSync(join(tmpdir(), 'pooler-test-'));
let pooler: Pooler;
let pooled: DatabaseHandle;
const throughPooler = {} as Pick<DatabaseHandle, 'db' | 'pool'> & {
  url: string;
  sessionPool: DatabaseHandle['pool'];
};

beforeAll(async () => {
  pooler = await startPgbouncer(
    ensurePgbouncer(() => {}),
    {
      prefix: join(folder, 'pgbouncer'),
      port: 0,
      serverUrl: database.url,
    },
  );
  pooled = connectDatabase(pooler.pooledUrl, { max: 8, transactionPooler: true });
  Object.assign(throughPooler, {
    db: pooled.db,
    pool: pooled.pool,
    url: database.url,
    sessionPool: database.pool,
  });
  await seedImportLookups(database);
});
afterAll(async () => {
  await pooled?.close();
  await pooler?.stop();
  rmSync(folder, { recursive: true, force: true });
});

const { context, signedInClient, machineAuthorization } = useSignedInTestApp(throughPooler);

describe('behind a transaction pooler', () => {
  it('answers a client’s pages, many at once, with the statements the code names', async () => {
    const { client, authorization } = await signedInClient();
    await createPet(database.db, { clientId: client.id, name: 'Bramble' });
    const before = await pooler.transactions();
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        context.app.inject({
          method: 'GET',
          url: i % 2 ? '/v2/pets' : '/appointments',
          headers: { authorization },
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));
    expect(await pooler.transactions()).toBeGreaterThan(before);
  });

  it('applies a record batch, its import session on the server itself', async () => {
    const api = recordRequests(() => context.app, machineAuthorization);
    const group = testGroup();
    // Its temporary tables outlive a transaction: through the pooler they would be on a server connection
    // the next transaction may not get (and left behind on it). Counted on the direct pool's checkouts.
    let direct = 0;
    const count = () => (direct += 1);
    database.pool.on('acquire', count);
    try {
      for (const [kind, file] of [
        ['practices', 'practices.csv'],
        ['clients', 'clients.csv'],
      ] as const) {
        const response = await api.batch(kind, jsonRecords(group, file));
        expect(response.statusCode, response.body).toBe(200);
      }
    } finally {
      database.pool.off('acquire', count);
    }
    expect(direct).toBeGreaterThanOrEqual(2);
  });

  it('fails where a statement keeps its name through the pooler (what the switch prevents)', async () => {
    const named = connectDatabase(pooler.pooledUrl, { max: 8 });
    try {
      const runs = Array.from({ length: 16 }, (_, i) =>
        named.pool.query({ name: 'pooler_probe', text: 'select $1::int as n', values: [i] }),
      );
      await expect(Promise.all(runs)).rejects.toThrow(/prepared statement "pooler_probe"/);
    } finally {
      await named.close();
    }
  });
});
