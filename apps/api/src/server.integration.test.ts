import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { appendTestLog } from '@vet/contracts/testing/test-logs';
import { dropDatabase, ensureDatabase } from '@vet/db/server';
import { useOwnDatabase } from '@vet/db/testing/own-database';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { describe, expect, it } from 'vitest';
import { productionEnv } from './testing/production-env.ts';

const database = useTestDatabase();
/** For a production server, whose e-mail worker would take the shared database's e-mails. */
const own = useOwnDatabase('portal_api_start');
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const serverPath = 'apps/api/src/server.ts';

/** Runs a command from the repository root with the given variables on top of a clean environment. */
function run(command: string, args: string[], env: Record<string, string>) {
  const child = spawn(command, args, {
    cwd: repoRoot,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = { stdout: '', stderr: '' };
  const keep = (stream: 'stdout' | 'stderr') => (chunk: Buffer) => {
    output[stream] += chunk.toString();
    appendTestLog('api-server-process', chunk.toString());
  };
  child.stdout.on('data', keep('stdout'));
  child.stderr.on('data', keep('stderr'));
  const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
  return { child, output, exited };
}

describe('server.ts', () => {
  it('refuses to start on a bad variable: exit code 1 and the variable named, no stack', async () => {
    const { output, exited } = run('npx', ['tsx', serverPath], {
      DATABASE_URL: database.url,
      NODE_ENV: 'test',
      API_PORT: 'notaport',
    });
    const [code] = await exited;
    expect(code).toBe(1);
    expect(output.stderr).toContain('API_PORT must be a port number from 0 to 65535');
    expect(output.stderr).not.toContain('DATABASE_URL');
    expect(output.stderr).not.toMatch(/^\s+at /m);
  });

  it('treats an unset NODE_ENV as production: refuses without its settings, saying how to run locally', async () => {
    const { output, exited } = run(process.execPath, ['--import', 'tsx', serverPath], {
      DATABASE_URL: database.url,
    });
    const [code] = await exited;
    expect(code).toBe(1);
    for (const name of ['REDIS_URL', 'TRUST_PROXY', 'SMTP_URL', 'AUTH_ISSUERS']) {
      expect(output.stderr).toContain(`${name} is required`);
    }
    expect(output.stderr).toContain('NODE_ENV is unset, which means production');
  });

  it('does not migrate at start when told not to: refuses a database that lacks migrations', async () => {
    const server = new URL(database.url);
    server.pathname = '/postgres';
    const name = `portal_unmigrated_${randomBytes(4).toString('hex')}`;
    await ensureDatabase(server.toString(), name);
    try {
      const empty = new URL(server);
      empty.pathname = `/${name}`;
      const { output, exited } = run(process.execPath, ['--import', 'tsx', serverPath], {
        DATABASE_URL: empty.toString(),
        NODE_ENV: 'test',
        MIGRATE_ON_START: 'false',
        API_PORT: '0',
      });
      const [code] = await exited;
      expect(code).toBe(1);
      expect(output.stderr).toMatch(/API failed to start: The database lacks \d+ of this build's migrations/);
      expect(output.stderr).not.toMatch(/^\s+at /m);
    } finally {
      await dropDatabase(server.toString(), name);
    }
  });

  it('refuses to start in production as a PostgreSQL superuser, naming DATABASE_ALLOW_SUPERUSER; starts with it', async () => {
    // The test server's own user is a superuser (the embedded server's, or the machine's postgres).
    const env = { ...productionEnv, DATABASE_URL: own.current.url, API_PORT: '0', LOG_LEVEL: 'info' };
    const refused = run(process.execPath, ['--import', 'tsx', serverPath], env);
    const [code] = await refused.exited;
    expect(code).toBe(1);
    expect(refused.output.stderr).toContain(
      'API failed to start: The API refuses to start: DATABASE_URL connects as a PostgreSQL superuser.',
    );
    expect(refused.output.stderr).toContain('or set DATABASE_ALLOW_SUPERUSER=true');
    expect(refused.output.stderr).not.toMatch(/^\s+at /m);
    expect(refused.output.stdout).not.toContain('API listening');

    const allowed = run(process.execPath, ['--import', 'tsx', serverPath], {
      ...env,
      DATABASE_ALLOW_SUPERUSER: 'true',
    });
    try {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no listening line in: ${allowed.output.stdout}`)),
          20_000,
        );
        allowed.child.stdout.on('data', () => {
          if (allowed.output.stdout.includes('API listening on')) {
            clearTimeout(timer);
            resolve();
          }
        });
        allowed.child.once('exit', () => reject(new Error(`exited: ${allowed.output.stderr}`)));
      });
    } finally {
      allowed.child.kill('SIGTERM');
    }
    const [allowedCode] = await allowed.exited;
    expect(allowedCode).toBe(0);
  });

  it('migrates, listens, answers, and stops with exit code 0 on SIGTERM', async () => {
    // node --import tsx: one process, so the signal reaches the server itself.
    const { child, output, exited } = run(process.execPath, ['--import', 'tsx', serverPath], {
      DATABASE_URL: database.url,
      NODE_ENV: 'test',
      API_PORT: '0',
      LOG_LEVEL: 'info',
    });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no listening line in: ${output.stdout}`)), 20_000);
        child.stdout.on('data', () => {
          const match = /API listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output.stdout);
          if (match?.[1]) {
            clearTimeout(timer);
            resolve(match[1]);
          }
        });
      });
      const response = await fetch(`${url}/healthz`);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ status: 'ok' });
    } finally {
      child.kill('SIGTERM');
    }
    const [code] = await exited;
    expect(code).toBe(0);
    expect(output.stdout).toContain('API stopping');
    // The running server (only it) delivers practice events as webhooks.
    expect(output.stdout).toContain('event dispatcher started');
  });
});
