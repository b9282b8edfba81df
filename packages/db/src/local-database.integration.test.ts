import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { findLocalDatabase, npmStartDatabase, repositoryRoot } from './local-database.ts';
import { startDatabaseServer, type DatabaseServer } from './server.ts';

/** A port nothing listens on now. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

// A checkout of its own, which PostgreSQL (run as `postgres` when the tests run as root) can reach.
const root = mkdtempSync(join(tmpdir(), 'local-database-'));
chmodSync(root, 0o755);
let server: DatabaseServer | undefined;
afterAll(async () => {
  await server?.stop();
  rmSync(root, { recursive: true, force: true });
});

describe("finding npm start's embedded database (decision 0097)", () => {
  it('says to run npm start when there is none, finds it on its port while it runs, and says so once stopped', async () => {
    const absent = await findLocalDatabase(root);
    expect(absent).toMatchObject({ found: false, reason: 'absent' });
    expect(absent.found === false && absent.message).toContain('run npm start');

    const port = await freePort();
    server = await startDatabaseServer({
      dataDir: join(root, npmStartDatabase.dataDir),
      port,
      database: npmStartDatabase.database,
    });
    const found = await findLocalDatabase(root);
    expect(found).toMatchObject({ found: true, port });
    const client = new pg.Client({ connectionString: found.found ? found.url : '' });
    await client.connect();
    expect((await client.query('select current_database() as name')).rows).toEqual([{ name: 'portal' }]);
    await client.end();

    await server.stop();
    server = undefined;
    const stopped = await findLocalDatabase(root);
    expect(stopped).toMatchObject({ found: false, reason: 'stopped' });
    expect(stopped.found === false && stopped.message).toMatch(
      /is not running: start the portal with `npm start`/,
    );
    expect(stopped.found === false && stopped.message).not.toContain('postgres://');
  }, 90_000);

  it('takes the nearest folder with the lockfile for the checkout', () => {
    const nested = join(root, 'dist', 'operator');
    mkdirSync(nested, { recursive: true });
    writeFileSync(join(root, 'package-lock.json'), '{}');
    expect(repositoryRoot(nested)).toBe(root);
    rmSync(join(root, 'package-lock.json'));
  });
});
