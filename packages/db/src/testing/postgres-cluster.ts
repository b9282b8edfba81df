import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

/**
 * PostgreSQL clusters of a test's or a benchmark's own, run with the server binaries installed on the
 * machine (Debian's `postgresql` package: /usr/lib/postgresql/<major>/bin), for what the embedded server
 * from npm cannot do: it has no pg_basebackup. Each cluster archives its WAL, so a base backup of it can be
 * restored to a point in time (decision 0124).
 */

const run = promisify(execFile);
const needed = ['initdb', 'pg_ctl', 'postgres', 'pg_basebackup', 'psql'];

/** The newest major version's folder holding every binary needed, or undefined (POSTGRES_BIN_DIR first). */
export function findServerBinaries(): string | undefined {
  const given = process.env.POSTGRES_BIN_DIR;
  const root = '/usr/lib/postgresql';
  const candidates = given
    ? [given]
    : existsSync(root)
      ? readdirSync(root)
          .filter((major) => /^\d+$/.test(major))
          .sort((a, b) => Number(b) - Number(a))
          .map((major) => join(root, major, 'bin'))
      : [];
  return candidates.find((dir) => needed.every((name) => existsSync(join(dir, name))));
}

export const missingBinariesMessage =
  `PostgreSQL's server binaries (${needed.join(', ')}) were not found under /usr/lib/postgresql/<major>/bin ` +
  'or POSTGRES_BIN_DIR: install them (Debian: apt-get install postgresql) to rehearse a backup and restore.';

/** A port the OS has just handed out and taken back: free now, and no fixed number to collide on. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port was given')),
      );
    });
  });
}

/** PostgreSQL refuses to run as root: as root, its binaries run as the `postgres` user, who owns the folders. */
function runAs(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

export interface Cluster {
  dataDir: string;
  port: number;
  /** A URL for `database` as `user` (the superuser unless named; any role is trusted on loopback). */
  url: (database: string, user?: string) => string;
  /** A fast shutdown; quiet when it is already stopped. */
  stop: () => Promise<void>;
}

/** A scratch folder for clusters, their backups and their archive; `remove` deletes it all. */
export function clusterWorkspace(prefix: string) {
  const root = mkdtempSync(join(tmpdir(), `${prefix}-`));
  const user = runAs();
  const folder = (name: string) => {
    const path = join(root, name);
    mkdirSync(path, { recursive: true, mode: 0o700 });
    if (user) chownSync(path, user.uid, user.gid);
    return path;
  };
  if (user) chownSync(root, user.uid, user.gid);
  return { root, folder, remove: () => rmSync(root, { recursive: true, force: true }) };
}

export class PostgresCluster {
  private readonly user = runAs();
  private readonly started: Cluster[] = [];

  /**
   * `durable: false` (tests) skips fsync: the WAL written and archived is the same, only a crash of the
   * machine could lose it. Benchmarks keep it, as production does.
   */
  constructor(
    private readonly bin: string,
    private readonly options: { durable: boolean } = { durable: true },
  ) {}

  private exec(name: string, args: string[]) {
    return run(join(this.bin, name), args, { ...this.user, env: { ...process.env, LC_ALL: 'C' } });
  }

  /** A new cluster in `dataDir` whose completed WAL segments are copied to `archiveDir` (not started). */
  async init(dataDir: string, archiveDir: string): Promise<void> {
    const sync = this.options.durable ? [] : ['--no-sync'];
    await this.exec('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', ...sync]);
    writeFileSync(join(dataDir, 'postgresql.auto.conf'), archiveSettings(archiveDir), { flag: 'a' });
  }

  /** Starts the cluster in `dataDir` on a free port, listening on loopback only; waits until it answers. */
  async start(dataDir: string): Promise<Cluster> {
    const port = await freePort();
    const fsync = this.options.durable ? '' : ' -c fsync=off';
    const options = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${dataDir}${fsync}`;
    const log = join(dataDir, 'server.log');
    await this.exec('pg_ctl', ['-D', dataDir, '-l', log, '-o', options, '-w', '-t', '120', 'start']);
    const cluster: Cluster = {
      dataDir,
      port,
      url: (database, user = 'postgres') => `postgres://${user}@127.0.0.1:${port}/${database}`,
      stop: async () => {
        await this.exec('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']).catch(() => undefined);
      },
    };
    this.started.push(cluster);
    return cluster;
  }

  /** `pg_basebackup -X stream`: the data folder and the WAL to make it consistent, in `intoDir`. */
  async baseBackup(from: Cluster, intoDir: string): Promise<void> {
    const args = ['-h', '127.0.0.1', '-p', String(from.port), '-U', 'postgres', '-D', intoDir];
    const sync = this.options.durable ? [] : ['--no-sync'];
    await this.exec('pg_basebackup', [...args, '-X', 'stream', '-c', 'fast', ...sync]);
  }

  /**
   * Restores the base backup in `backupDir` into the empty `dataDir` (copied, the backup kept): replays the archive's WAL up to the restore point
   * `target` (or to its end), promotes, and returns once the server takes writes. Its own WAL goes to
   * `archiveDir` from then on.
   */
  async restore(
    backupDir: string,
    dataDir: string,
    options: { archiveFrom: string; archiveDir: string; target?: string },
  ): Promise<Cluster> {
    await run('cp', ['-a', `${backupDir}/.`, `${dataDir}/`], this.user);
    const recovery = [
      archiveSettings(options.archiveDir),
      `restore_command = 'cp ${options.archiveFrom}/%f %p'`,
      ...(options.target
        ? [`recovery_target_name = '${options.target}'`, `recovery_target_action = 'promote'`]
        : []),
    ];
    writeFileSync(join(dataDir, 'postgresql.auto.conf'), `${recovery.join('\n')}\n`, { flag: 'a' });
    writeFileSync(join(dataDir, 'recovery.signal'), '');
    if (this.user) {
      for (const file of ['postgresql.auto.conf', 'recovery.signal']) {
        chownSync(join(dataDir, file), this.user.uid, this.user.gid);
      }
    }
    const cluster = await this.start(dataDir);
    await waitUntilPromoted(cluster.url('postgres'));
    return cluster;
  }

  /** Runs a psql script on `url` (as the current user: only the server refuses root). */
  async psql(url: string, file: string, env: Record<string, string> = {}): Promise<void> {
    await run(join(this.bin, 'psql'), ['-X', '-q', '-d', url, '-f', file], {
      env: { ...process.env, ...env },
    });
  }

  /** Stops every cluster this instance started (for a test's afterAll, which runs when a test failed). */
  async stopAll(): Promise<void> {
    await Promise.all(this.started.map((cluster) => cluster.stop()));
  }
}

function archiveSettings(archiveDir: string): string {
  return [
    '',
    'archive_mode = on',
    `archive_command = 'test ! -f ${archiveDir}/%f && cp %p ${archiveDir}/%f'`,
    '',
  ].join('\n');
}

/** Recovery ends with a promotion; until then the server answers read-only. */
async function waitUntilPromoted(url: string, timeoutMs = 120_000): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const deadline = Date.now() + timeoutMs;
    while ((await client.query<{ r: boolean }>('select pg_is_in_recovery() as r')).rows[0]?.r) {
      if (Date.now() > deadline)
        throw new Error(`the restored server was still in recovery after ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    await client.end();
  }
}

/**
 * Ends the current WAL segment and waits until the archive holds it: from then on, every change made so
 * far can be restored from the base backup and the archive.
 */
export async function archiveCurrentWal(url: string, timeoutMs = 60_000): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ segment: string }>(
      'select pg_walfile_name(pg_switch_wal()) as segment',
    );
    const segment = rows[0]!.segment;
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const archived = await client.query<{ last: string | null }>(
        'select last_archived_wal as last from pg_stat_archiver',
      );
      const last = archived.rows[0]?.last;
      if (last && last >= segment) return;
      if (Date.now() > deadline)
        throw new Error(`WAL segment ${segment} was not archived in ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    await client.end();
  }
}
