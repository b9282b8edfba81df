import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type * as serverConfig from '@/config/server';
import { parseServerConfig, type ServerConfig } from '@/config/server';

/** What the page's request carried: the server's headers() in a render. */
let incoming = new Headers();
vi.mock('next/headers', () => ({ headers: () => Promise.resolve(incoming) }));

const configOf = (env: Record<string, string>): ServerConfig =>
  parseServerConfig({
    DATABASE_URL: 'postgres://unused/portal',
    API_URL: 'http://api.internal:4000',
    ...env,
  });
let config = configOf({});
vi.mock('@/config/server', async (importOriginal) => ({
  ...(await importOriginal<typeof serverConfig>()),
  getServerConfig: () => config,
}));

const { getFromApiOnServer } = await import('./server-api');

const token = 'start-up-token';
let sent: Headers[] = [];
let urls: string[] = [];

beforeEach(() => {
  sent = [];
  urls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      urls.push(url);
      sent.push(new Headers(init.headers));
      return Promise.resolve(Response.json({ ok: true }));
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const species = () => getFromApiOnServer(['v2', 'species'], z.object({ ok: z.boolean() }));

describe('getFromApiOnServer (a page’s data, asked for while it renders)', () => {
  it('sends a list’s filter as the query string, encoded, as the browser’s query sends it', async () => {
    config = configOf({});
    incoming = new Headers();
    await getFromApiOnServer(['v2', 'bills'], z.object({ ok: z.boolean() }), { petId: '7', cursor: 'a b&c' });
    expect(urls).toEqual(['http://api.internal:4000/v2/bills?petId=7&cursor=a+b%26c']);
  });

  it('sends the API the visitor’s address the web server recorded, as the BFF does', async () => {
    config = configOf({ PORTAL_PEER_TOKEN: token });
    incoming = new Headers({ 'x-portal-peer': `${token} 203.0.113.9`, 'x-forwarded-for': '198.51.100.1' });
    expect(await species()).toEqual({ status: 200, data: { ok: true } });
    expect(sent[0]?.get('x-forwarded-for')).toBe('203.0.113.9');
  });

  it('takes the address the trusted proxies saw, never one the browser added to the left', async () => {
    config = configOf({ PORTAL_PEER_TOKEN: token, TRUSTED_PROXY_HOPS: '1' });
    incoming = new Headers({
      'x-portal-peer': `${token} 10.0.0.5`,
      'x-forwarded-for': '198.51.100.1, 203.0.113.7',
    });
    await species();
    expect(sent[0]?.get('x-forwarded-for')).toBe('203.0.113.7');
  });

  it('sends no address that the web server did not record', async () => {
    config = configOf({ PORTAL_PEER_TOKEN: token });
    incoming = new Headers({ 'x-portal-peer': 'guessed 198.51.100.1', 'x-forwarded-for': '198.51.100.2' });
    await species();
    expect(sent[0]?.has('x-forwarded-for')).toBe(false);
  });

  it("sends the page request's id along, as the trace id of the API call's traceparent", async () => {
    const requestId = '4bf92f3577b34da6a3ce929d0e0e4736';
    incoming = new Headers({ 'x-request-id': requestId });
    await species();
    expect(sent[0]?.get('traceparent')).toMatch(new RegExp(`^00-${requestId}-[0-9a-f]{16}-01$`));
  });
});
