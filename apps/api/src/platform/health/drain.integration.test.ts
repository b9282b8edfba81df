import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import { appendTestLog } from '@vet/contracts/testing/test-logs';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { describe, expect, it } from 'vitest';

const database = useTestDatabase();
const repoRoot = fileURLToPath(new URL('../../../../../', import.meta.url));

/** Resolves with the first match of `pattern` in what `read` returns, checked each time `stream` has data. */
function waitFor(
  stream: NodeJS.ReadableStream,
  read: () => string,
  pattern: RegExp,
): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const match = pattern.exec(read());
      if (!match) return;
      stream.off('data', check);
      clearTimeout(timer);
      resolve(match);
    };
    const timer = setTimeout(() => {
      stream.off('data', check);
      reject(new Error(`no ${String(pattern)} in:\n${read()}`));
    }, 20_000);
    stream.on('data', check);
    check();
  });
}

/** A raw connection to the server, with what it has received so far. */
async function openConnection(port: number): Promise<{ socket: Socket; received: () => string }> {
  const socket = connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
  await once(socket, 'connect');
  return { socket, received: () => received };
}

/** Whether a new connection is served: `refused` if the connection fails or closes before any answer. */
async function tryNewConnection(port: number): Promise<'served' | 'refused'> {
  const socket = connect(port, '127.0.0.1');
  // Refused or reset: the close that follows says so (events.once would reject on the error instead).
  socket.on('error', () => {});
  const closed = new Promise((resolve) => socket.on('close', resolve));
  socket.write('GET /healthz HTTP/1.1\r\nHost: api\r\nConnection: close\r\n\r\n');
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
  await closed;
  return received.startsWith('HTTP/1.1 200') ? 'served' : 'refused';
}

describe('the API on SIGTERM (server.ts)', () => {
  it('drains: refuses new connections, closes idle ones, answers the request in flight, exits 0', async () => {
    // node --import tsx: one process, so the signal reaches the server itself.
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
      cwd: repoRoot,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        DATABASE_URL: database.url,
        NODE_ENV: 'test',
        API_PORT: '0',
        // The request in flight is known by its arrival line, written at debug (http/request-log.ts).
        LOG_LEVEL: 'debug',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const keep = (chunk: Buffer) => {
      output += chunk.toString();
      appendTestLog('api-drain', chunk.toString());
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
    try {
      const [, port] = await waitFor(
        child.stdout,
        () => output,
        /API listening on http:\/\/127\.0\.0\.1:(\d+)/,
      );

      // An idle kept-alive connection: one answered request, then nothing.
      const idle = await openConnection(Number(port));
      idle.socket.write('GET /healthz HTTP/1.1\r\nHost: api\r\n\r\n');
      await waitFor(idle.socket, idle.received, /"status":"ok"/);
      const idleClosed = once(idle.socket, 'close');

      // A slow request: its headers and half its body sent, so it is in flight until the rest comes.
      const body = JSON.stringify({ message: 'drain test', path: '/drain' });
      const slow = await openConnection(Number(port));
      slow.socket.write(
        'POST /telemetry/render-errors HTTP/1.1\r\nHost: api\r\nContent-Type: application/json\r\n' +
          `Content-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
      );
      await waitFor(child.stdout, () => output, /incoming request/);

      child.kill('SIGTERM');
      await waitFor(child.stdout, () => output, /API draining/);
      expect(await tryNewConnection(Number(port))).toBe('refused');
      await idleClosed;
      expect(child.exitCode).toBeNull();

      slow.socket.write(body.slice(10));
      // Answered, and its connection closed, not kept alive for Fastify's 72 s.
      await once(slow.socket, 'close');
      expect(slow.received()).toMatch(/^HTTP\/1\.1 204 /);
      expect(slow.received()).toMatch(/\r\nconnection: close\r\n/i);
    } finally {
      child.kill('SIGTERM');
    }
    const [code] = await exited;
    expect(code).toBe(0);
    expect(output).toContain('API stopped');
  }, 60_000);
});
