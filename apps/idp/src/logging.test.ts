import { once } from 'node:events';
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { expectConsoleError } from '@vet/contracts/testing/console-errors';
import { createIdpLog, idpLog, loggedHandler, pathArea } from './logging.ts';

const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';

/** The handler behind a real server, its log lines read back as objects. */
async function serve(handler: (log: ReturnType<typeof createIdpLog>) => RequestListener) {
  const lines: Record<string, unknown>[] = [];
  const log = createIdpLog({
    write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>),
  });
  const server = createServer(loggedHandler(handler(log), log));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { lines, url, close: () => new Promise((resolve) => server.close(resolve)) };
}

describe("the identity provider's log", () => {
  it("gives every line of a request its traceparent's trace id, and logs the request by its area only", async () => {
    const idp = await serve((log) => (_request, response) => {
      log.warn('a line the handler writes');
      response.end('ok');
    });
    const answered = await fetch(`${idp.url}/interaction/secret-uid/login?login_hint=someone%40example.com`, {
      headers: { traceparent: `00-${traceId}-00f067aa0ba902b7-01` },
    });
    await answered.text();
    await idp.close();
    expect(idp.lines).toEqual([
      expect.objectContaining({ app: 'idp', reqId: traceId, msg: 'a line the handler writes' }),
      expect.objectContaining({
        reqId: traceId,
        req: { method: 'GET', url: '/interaction/…' },
        res: { statusCode: 200 },
        msg: 'request completed',
      }),
    ]);
    expect(JSON.stringify(idp.lines)).not.toMatch(/secret-uid|someone|login_hint/);
  });

  it('makes a new id without a traceparent', async () => {
    const idp = await serve(() => (_request, response) => response.end());
    await (await fetch(`${idp.url}/healthz`)).text();
    await idp.close();
    expect(idp.lines[0]).toMatchObject({ reqId: expect.stringMatching(/^[0-9a-f]{32}$/) as string });
  });

  it('cuts a path to its first segment', () => {
    expect(pathArea('/auth?client_id=x')).toBe('/auth');
    expect(pathArea('/session/end/confirm')).toBe('/session/…');
    expect(pathArea('/')).toBe('/');
  });

  it("writes through the console in a test run, where the run's log check and console-error guard see it", () => {
    expectConsoleError(/^\{"level":50,.*"app":"idp","msg":"seen by the log check"\}$/);
    idpLog.error('seen by the log check');
  });
});
