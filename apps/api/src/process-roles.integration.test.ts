import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { connect } from 'node:net';
import { fileURLToPath } from 'node:url';
import { appendTestLog } from '@vet/contracts/testing/test-logs';
import { useOwnDatabase } from '@vet/db/testing/own-database';
import { enqueueEmail } from '@vet/email/enqueue-email';
import { outboxRows } from '@vet/email/testing/outbox-probe';
import { startTestSmtpServer, type TestSmtpServer } from '@vet/email/testing/test-smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * PORTAL_ROLE (decision 0126) on real processes of server.ts, real PostgreSQL and a real SMTP server on
 * loopback: two worker processes side by side send each e-mail once and drain on SIGTERM, finishing the
 * one in hand; an HTTP process runs no worker; each honours KEEP_ALIVE_TIMEOUT_SECONDS (decision 0127).
 */
const own = useOwnDatabase('portal_roles');
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

interface Running {
  child: ReturnType<typeof spawn>;
  output: () => string;
  exited: Promise<[number | null, NodeJS.Signals | null]>;
  url: string;
}

async function startServer(name: string, env: Record<string, string>): Promise<Running> {
  // node --import tsx: one process, so the signal reaches the server itself.
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'test',
      DATABASE_URL: own.current.url,
      API_PORT: '0',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output += chunk.toString();
    appendTestLog(`api-roles-${name}`, chunk.toString());
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
  const url = await new Promise<string>((resolve, reject) => {
    child.on('exit', () => reject(new Error(`${name} exited:\n${output}`)));
    child.stdout.on('data', () => {
      const match = /(?:API|Worker) listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match?.[1]) resolve(match[1]);
    });
  });
  return { child, output: () => output, exited, url };
}

async function until(what: string, condition: () => boolean | Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`not within 30 s: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A kept-alive connection, one request answered on it; resolves once the server closes it. */
async function idleConnectionClosed(url: string): Promise<void> {
  const { port } = new URL(url);
  const socket = connect(Number(port), '127.0.0.1');
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
  const closed = once(socket, 'close');
  socket.write('GET /healthz HTTP/1.1\r\nHost: portal\r\nConnection: keep-alive\r\n\r\n');
  await until('the probe answered', () => received.includes('"ok"'));
  expect(received).toMatch(/^HTTP\/1\.1 200/);
  await closed;
}

describe('process kinds (PORTAL_ROLE)', () => {
  let smtp: TestSmtpServer;
  const workers: Running[] = [];
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    const env = { PORTAL_ROLE: 'worker', SMTP_URL: smtp.url, KEEP_ALIVE_TIMEOUT_SECONDS: '1' };
    workers.push(...(await Promise.all([startServer('worker-1', env), startServer('worker-2', env)])));
  }, 60_000);
  afterAll(async () => {
    for (const worker of workers) if (worker.child.exitCode === null) worker.child.kill('SIGKILL');
    await smtp?.close();
  });

  it('a worker answers its probes and nothing else, and runs every worker', async () => {
    for (const worker of workers) {
      expect((await fetch(`${worker.url}/healthz`)).status).toBe(200);
      expect((await fetch(`${worker.url}/readyz`)).status).toBe(200);
      expect((await fetch(`${worker.url}/online-practices`)).status).toBe(404);
      for (const line of ['e-mail worker started', 'event dispatcher started'])
        expect(worker.output()).toContain(line);
    }
  });

  it('an HTTP process runs no worker, answers requests, and honours its keep-alive timeout', async () => {
    const http = await startServer('http', { PORTAL_ROLE: 'http', KEEP_ALIVE_TIMEOUT_SECONDS: '1' });
    try {
      expect((await fetch(`${http.url}/online-practices`)).status).toBe(200);
      await idleConnectionClosed(http.url);
      for (const line of ['e-mail worker started', 'event dispatcher started', 'earlier times'])
        expect(http.output()).not.toContain(line);
    } finally {
      http.child.kill('SIGTERM');
    }
    expect((await http.exited)[0]).toBe(0);
  }, 60_000);

  it('a worker honours its keep-alive timeout on the probes’ listener', async () => {
    await idleConnectionClosed(workers[0]!.url);
  });

  it('two workers side by side send each e-mail once', async () => {
    const ids: number[] = [];
    for (let index = 0; index < 12; index++)
      ids.push(
        await enqueueEmail(own.current.db, {
          to: `side-by-side-${index}@example.com`,
          subject: 'Side by side',
          text: 'One of two workers sends this.',
          html: '<p>One of two workers sends this.</p>',
        }),
      );
    await until('every e-mail sent', async () =>
      (await outboxRows(own.current, ids)).every((row) => row.status === 'sent'),
    );
    const sent = smtp.received.flatMap(({ to }) => to).filter((to) => to.startsWith('side-by-side-'));
    expect(sent.sort()).toEqual(ids.map((_, index) => `side-by-side-${index}@example.com`).sort());
    expect((await outboxRows(own.current, ids)).every((row) => row.attempts === 1)).toBe(true);
  }, 60_000);

  it('SIGTERM to both while one sends an e-mail: it finishes that e-mail, then both exit 0', async () => {
    const held = smtp.holdNext();
    const id = await enqueueEmail(own.current.db, {
      to: 'drained@example.com',
      subject: 'Drain',
      text: 'Sent while its worker stops.',
      html: '<p>Sent while its worker stops.</p>',
    });
    await held.arrived;
    for (const worker of workers) worker.child.kill('SIGTERM');
    await until('the drain began', () =>
      workers.every((worker) => worker.output().includes('Worker stopping')),
    );
    held.release();
    const codes = await Promise.all(workers.map(async (worker) => (await worker.exited)[0]));
    expect(codes).toEqual([0, 0]);
    const [row] = await outboxRows(own.current, [id]);
    expect(row).toMatchObject({ status: 'sent', attempts: 1 });
    expect(smtp.received.filter(({ to }) => to.includes('drained@example.com'))).toHaveLength(1);
  }, 60_000);
});
