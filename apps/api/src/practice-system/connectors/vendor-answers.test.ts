import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { EzyvetHttp } from './ezyvet/ezyvet-http.ts';
import { createManualClock } from './ezyvet/testing/manual-clock.ts';
import { ProvetHttp } from './provet-cloud/provet-http.ts';
import { FakeClock } from './provet-cloud/testing/provet-test-kit.ts';
import { maxAnswerBytes } from './vendor-answer.ts';
import { VendorAnswerUnknown } from './vendor-port.ts';

/** Security round four, S6 (decision 0140): what the connections take from a vendor's answer. */

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((done) => s.close(done))));
});

/** A local server answering as `answer` says; its address. */
async function serve(
  answer: (method: string, path: string) => { status: number; headers?: object; body?: string },
) {
  const server = createServer((request, response) => {
    const { status, headers = {}, body = '' } = answer(request.method ?? '', request.url ?? '');
    request.resume();
    response.writeHead(status, { 'content-type': 'application/json', ...headers }).end(body);
  });
  servers.push(server);
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Where a redirect points: it records whether anyone came. */
async function elsewhere() {
  const came: string[] = [];
  const url = await serve((method, path) => {
    came.push(`${method} ${path}`);
    return { status: 200, body: '{"access_token":"t","expires_in":3600,"items":[],"results":[]}' };
  });
  return { url, came };
}

const token = JSON.stringify({ access_token: 'token', expires_in: 3600 });

const provet = (origin: string, fetch: typeof globalThis.fetch = globalThis.fetch) =>
  new ProvetHttp(
    { origin, provetId: '1234', clientId: 'id', clientSecret: 'secret' },
    { fetch, clock: new FakeClock(Date.parse('2026-11-28T09:00:00Z')) },
  );

const ezyvet = (baseUrl: string, fetch: typeof globalThis.fetch = globalThis.fetch) =>
  new EzyvetHttp(
    {
      baseUrl,
      credentials: { partnerId: 'p', clientId: 'c', clientSecret: 's', scope: 'read-appointment' },
      practiceRef: 'PRAC-0001',
    },
    { fetch, clock: createManualClock() },
  );

describe('a redirect is refused, never followed', () => {
  it('Provet Cloud: a 302 to another server fails naming the status, and the other server is never called', async () => {
    const other = await elsewhere();
    const origin = await serve((method, path) =>
      path.endsWith('/oauth2/token/')
        ? { status: 200, body: token }
        : { status: 302, headers: { location: `${other.url}/stolen${path}` } },
    );
    const error = await provet(origin)
      .request({ method: 'GET', collection: 'client', url: 'client/' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VendorAnswerUnknown);
    expect((error as Error).message).toMatch(/answered 302, a redirect the connection does not follow/);
    expect(other.came).toEqual([]);
  });

  it('Provet Cloud: a redirected token request (the client secret in it) is not followed either', async () => {
    const other = await elsewhere();
    const origin = await serve(() => ({ status: 307, headers: { location: `${other.url}/token` } }));
    await expect(
      provet(origin).request({ method: 'GET', collection: 'client', url: 'client/' }),
    ).rejects.toThrow(/token endpoint answered 307, a redirect/);
    expect(other.came).toEqual([]);
  });

  it('ezyVet: a 302 fails naming the status (not as "did not answer"), and the other server is never called', async () => {
    const other = await elsewhere();
    const baseUrl = await serve((method, path) =>
      path.startsWith('/v1/oauth/')
        ? { status: 200, body: token }
        : { status: 302, headers: { location: `${other.url}${path}` } },
    );
    await expect(ezyvet(baseUrl).get('/v2/appointmenttype', {})).rejects.toThrow(
      /ezyVet \(GET \/v2\/appointmenttype\) answered 302, a redirect/,
    );
    expect(other.came).toEqual([]);
  });
});

/** A JSON answer of `total` bytes, made as it is read; `pulled` says how much was. */
function endlessAnswer(total: number) {
  const chunk = new TextEncoder().encode(`"${'x'.repeat(64 * 1024 - 3)}",`);
  const read = { pulled: 0 };
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (read.pulled === 0) {
        read.pulled += 1;
        controller.enqueue(new TextEncoder().encode('{"items":['));
      } else if (read.pulled + chunk.byteLength < total) {
        read.pulled += chunk.byteLength;
        controller.enqueue(chunk);
      } else {
        read.pulled += 4;
        controller.enqueue(new TextEncoder().encode('""]}'));
        controller.close();
      }
    },
  });
  return { body, read };
}

describe(`an answer past ${maxAnswerBytes} bytes fails, unread past the limit`, () => {
  const total = 4 * maxAnswerBytes;

  /** The token answered small; every other request answered `total` bytes. */
  const hugeFetch = (isToken: (url: string) => boolean) => {
    const answers: { pulled: number }[] = [];
    const fetch: typeof globalThis.fetch = (input) => {
      const url = input instanceof Request ? input.url : String(input);
      if (isToken(url)) return Promise.resolve(new Response(token, { status: 200 }));
      const { body, read } = endlessAnswer(total);
      answers.push(read);
      return Promise.resolve(new Response(body, { status: 200 }));
    };
    return { fetch, answers };
  };

  it('Provet Cloud: fails, its answer cancelled past the limit', async () => {
    const { fetch, answers } = hugeFetch((url) => url.endsWith('/oauth2/token/'));
    await expect(
      provet('https://provetcloud.com', fetch).request({
        method: 'GET',
        collection: 'client',
        url: 'client/',
      }),
    ).rejects.toThrow(
      new VendorAnswerUnknown(
        `Provet Cloud (GET client/) answered more than ${maxAnswerBytes} bytes: the answer was not read`,
      ),
    );
    expect(answers).toHaveLength(1);
    expect(answers[0]!.pulled).toBeLessThan(maxAnswerBytes + 256 * 1024);
  });

  it('ezyVet: fails, its answer cancelled past the limit', async () => {
    const { fetch, answers } = hugeFetch((url) => url.includes('/v1/oauth/'));
    await expect(ezyvet('https://api.ezyvet.com', fetch).get('/v2/appointmenttype', {})).rejects.toThrow(
      new VendorAnswerUnknown(
        `ezyVet (GET /v2/appointmenttype) answered more than ${maxAnswerBytes} bytes: the answer was not read`,
      ),
    );
    expect(answers).toHaveLength(1);
    expect(answers[0]!.pulled).toBeLessThan(maxAnswerBytes + 256 * 1024);
  });

  it('a declared Content-Length past the limit is refused before reading', async () => {
    const { fetch, answers } = hugeFetch((url) => url.endsWith('/oauth2/token/'));
    const declared: typeof globalThis.fetch = async (input, init) => {
      const response = await fetch(input, init);
      if (answers.length === 0) return response;
      return new Response(response.body, { headers: { 'content-length': String(total) } });
    };
    await expect(
      provet('https://provetcloud.com', declared).request({
        method: 'GET',
        collection: 'client',
        url: 'client/',
      }),
    ).rejects.toBeInstanceOf(VendorAnswerUnknown);
    expect(answers[0]!.pulled).toBeLessThan(256 * 1024);
  });
});
