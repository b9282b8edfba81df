import { execFile, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { connectDatabase } from '@vet/db/connection';
import { npmStartDatabase } from '@vet/db/local-database';
import { dropDatabase, ensureDatabase, startDatabaseServer, type DatabaseServer } from '@vet/db/server';
import { freePort } from '@vet/db/testing/postgres-cluster';
import { exportDirectory } from '@vet/practice-import/testing/export-directory';
import { seedImportLookups } from '@vet/practice-import/testing/run-test-import';
import { testGroup } from '@vet/practice-import/testing/test-group';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

/**
 * The operator's command as the production build runs it (decision 0097): bundled by the build's own
 * bundler into a scratch folder of the repository, run by plain `node` in a pipe, with a hook that refuses
 * every development dependency (testing/production-only.mjs). The scratch folder holds a lockfile, so it is
 * the command's checkout: npm start's database is looked for in its .data/postgres.
 */
const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const productionOnly = fileURLToPath(new URL('./testing/production-only.mjs', import.meta.url));
mkdirSync(join(repoRoot, '.data'), { recursive: true });
const checkout = mkdtempSync(join(repoRoot, '.data', 'operator-bundle-'));
// PostgreSQL runs as `postgres` when the tests run as root: it must reach the data folder.
chmodSync(checkout, 0o755);
writeFileSync(join(checkout, 'package-lock.json'), '{}\n');
const bundle = join(checkout, 'operator', 'operator.mjs');

beforeAll(() => {
  const built = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      'scripts/production/bundle-servers.ts',
      '--only',
      'operator/operator.mjs',
      '--out',
      checkout,
    ],
    { cwd: repoRoot, encoding: 'utf8' },
  );
  if (built.status !== 0) throw new Error(`bundling failed:\n${built.stdout}${built.stderr}`);
}, 120_000);

let server: DatabaseServer | undefined;
afterAll(async () => {
  await server?.stop();
  rmSync(checkout, { recursive: true, force: true });
});

/** `node dist/operator/operator.mjs <args>` in a pipe, with a clean environment: status and output. */
function admin(args: string[], env: Record<string, string> = {}) {
  return new Promise<{ status: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      ['--import', productionOnly, bundle, ...args],
      { cwd: checkout, env: { PATH: process.env.PATH ?? '', ...env } },
      (error, stdout, stderr) => {
        const status = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        resolve({ status, stdout, stderr });
      },
    );
  });
}

const noStack = (text: string) => expect(text).not.toMatch(/^\s+at /m);

describe('portal-admin from the production bundle, with DATABASE_URL', () => {
  const server = new URL(inject('databaseUrl'));
  server.pathname = '/postgres';
  const name = `operator_bundle_${Math.random().toString(36).slice(2, 10)}`;
  const DATABASE_URL = Object.assign(new URL(server), { pathname: `/${name}` }).toString();
  beforeAll(() => ensureDatabase(server.toString(), name));
  afterAll(() => dropDatabase(server.toString(), name));

  it('migrates, lists the endpoints and imports an export, a line a step', async () => {
    const migrated = await admin(['migrate'], { DATABASE_URL });
    expect(migrated).toMatchObject({ status: 0, stderr: '' });
    expect(migrated.stdout).toMatch(/^migrate: applied \d+ migration\(s\)\.\n$/);
    expect((await admin(['migrate'], { DATABASE_URL })).stdout).toBe(
      'migrate: the database was up to date.\n',
    );

    const listed = await admin(['endpoints', 'list'], { DATABASE_URL });
    expect(listed).toEqual({
      status: 0,
      stderr: '',
      stdout: 'No endpoints. Add one with: endpoints add <name> <url>\n',
    });

    const handle = connectDatabase(DATABASE_URL, { max: 1 });
    await seedImportLookups(handle).finally(() => handle.close());
    const group = testGroup();
    const directory = await exportDirectory(group.files);
    const imported = await admin(['import', directory], { DATABASE_URL });
    expect(imported, imported.stderr).toMatchObject({ status: 0, stderr: '' });
    // A pipe: no bar, no cursor movement; a line per file read, then the checks and the apply.
    expect(imported.stdout).not.toContain('\r');
    expect(imported.stdout).not.toContain('\u001b[');
    const lines = imported.stdout.split('\n');
    const read = lines.filter((line) => /^[a-z_]+\.csv: [\d,]+ rows read in \d+\.\d s/.test(line));
    expect(read).toHaveLength(Object.keys(group.files).length);
    expect(lines).toContainEqual(
      expect.stringMatching(/^Checked across rows and against the stored records in/),
    );
    expect(lines).toContainEqual(expect.stringMatching(/^Applied in one transaction in \d+\.\d s\.$/));
    expect(imported.stdout).toMatch(/^clients\.csv\s+2\s+0\s+0$/m);

    const missing = await admin(['import', join(directory, 'nothing-here')], { DATABASE_URL });
    expect(missing).toMatchObject({ status: 2, stdout: '' });
    expect(missing.stderr).toMatch(/^The import could not run: /);
    noStack(missing.stderr);
  }, 120_000);

  it('refuses bad input with a line and a status, never a stack', async () => {
    const unknown = await admin(['frobnicate'], { DATABASE_URL });
    expect(unknown).toMatchObject({ status: 2, stdout: '' });
    expect(unknown.stderr).toMatch(/^Unknown command: frobnicate\nUsage: portal-admin/);
    const badUrl = await admin(['endpoints', 'list'], { DATABASE_URL: 'mysql://nope' });
    expect(badUrl).toMatchObject({ status: 2, stdout: '' });
    expect(badUrl.stderr).toContain('DATABASE_URL must be a postgres:// or postgresql:// URL');
    expect(badUrl.stderr).not.toContain('mysql://nope');
    const production = await admin(['endpoints', 'add', 'pms', 'http://pms.example/events'], {
      DATABASE_URL,
    });
    expect(production).toMatchObject({ status: 1 });
    expect(production.stdout).toMatch(
      /^Not added: the URL must use https \(NODE_ENV is unset, which means production/,
    );
    // The lists' files travel with the bundle (dist/reference-data); the import above seeded them, so a
    // second load changes nothing.
    const lists = await admin(['lists'], { DATABASE_URL });
    expect(lists).toMatchObject({ status: 0, stderr: '' });
    expect(lists.stdout).toMatch(/^lists: species: 9 entries;/m);
    expect(lists.stdout).toMatch(/^lists: (loaded|nothing to change) in /m);
    const again = await admin(['lists'], { DATABASE_URL });
    expect(again.stdout).toMatch(/^lists: nothing to change in /m);
    for (const result of [unknown, badUrl, production, lists]) noStack(result.stderr);
  }, 60_000);
});

describe("portal-admin from the production bundle, on npm start's database", () => {
  it('says to start it while it is not there, then uses it as a local run (development)', async () => {
    const absent = await admin(['endpoints', 'list']);
    expect(absent).toMatchObject({ status: 2, stdout: '' });
    expect(absent.stderr).toMatch(
      /^DATABASE_URL is not set, and npm start has made no embedded database here/,
    );

    server = await startDatabaseServer({
      dataDir: join(checkout, npmStartDatabase.dataDir),
      port: await freePort(),
      database: npmStartDatabase.database,
    });
    const migrated = await admin(['migrate']);
    expect(migrated).toMatchObject({ status: 0 });
    expect(migrated.stdout).toMatch(/^migrate: applied \d+ migration\(s\)\.$/m);
    expect(migrated.stderr).toMatch(
      /^Using npm start's embedded database \(127\.0\.0\.1:\d+\), as a local run/,
    );
    // No NODE_ENV: a local run takes an http:// endpoint, sealed with the development key; on loopback
    // only when WEBHOOK_ALLOWED_PRIVATE_HOSTS names it, as for the API (decision 0137).
    const inward = await admin(['endpoints', 'add', 'local-pms', 'http://127.0.0.1:9/events']);
    expect(inward).toMatchObject({ status: 1 });
    expect(inward.stdout).toMatch(/^Not added: the host 127\.0\.0\.1 is a loopback address; /);
    const added = await admin(['endpoints', 'add', 'local-pms', 'http://127.0.0.1:9/events'], {
      WEBHOOK_ALLOWED_PRIVATE_HOSTS: '127.0.0.1',
    });
    expect(added, added.stdout).toMatchObject({ status: 0 });
    expect((await admin(['endpoints', 'list'])).stdout).toMatch(
      /^local-pms +yes +0 +0 +http:\/\/127\.0\.0\.1:9\/events$/m,
    );
    // NODE_ENV=production says otherwise.
    const refused = await admin(['endpoints', 'add', 'other', 'http://127.0.0.1:9/x'], {
      NODE_ENV: 'production',
    });
    expect(refused).toMatchObject({ status: 1, stdout: 'Not added: the URL must use https.\n' });

    await server.stop();
    server = undefined;
    const stopped = await admin(['failed']);
    expect(stopped).toMatchObject({ status: 2, stdout: '' });
    expect(stopped.stderr).toMatch(/is not running: start the portal with `npm start`/);
  }, 120_000);
});
