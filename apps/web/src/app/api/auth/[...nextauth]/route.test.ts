import { NextRequest } from 'next/server';
import { describe, expect, it, vi } from 'vitest';
import type * as serverConfig from '@/config/server';
import { parseServerConfig } from '@/config/server';
import { serverLog } from '@/observability/logger';

const config = parseServerConfig({
  DATABASE_URL: 'postgres://unused/portal',
  PORTAL_URL: 'https://portal.example.test',
});
vi.mock('@/config/server', async (importOriginal) => ({
  ...(await importOriginal<typeof serverConfig>()),
  getServerConfig: () => config,
}));
// next-auth itself, given these options, would answer a log post with `{}` and write nothing.
vi.mock('@/features/auth/server/auth-options', () => ({ authOptions: () => ({}) }));

const { POST } = await import('./route');

const logPost = (fields: Record<string, string>) =>
  POST(
    new NextRequest('https://portal.example.test/api/auth/_log', {
      method: 'POST',
      headers: { origin: 'https://portal.example.test' },
      body: new URLSearchParams(fields),
    }),
    { params: Promise.resolve({ nextauth: ['_log'] }) },
  );

describe('POST /api/auth/_log (R7.11)', () => {
  it("writes what the browser's session client posts to the web's log", async () => {
    const logged = vi.spyOn(serverLog, 'error').mockImplementation(() => undefined);
    const response = await logPost({
      level: 'error',
      code: 'CLIENT_SESSION_ERROR',
      detail: 'Session read failed: HTTP 503',
      client: 'true',
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({});
    expect(logged).toHaveBeenCalledWith('[auth] browser CLIENT_SESSION_ERROR: Session read failed: HTTP 503');
  });
});

const sessionPost = (body: string, headers: Record<string, string> = {}) =>
  POST(
    new NextRequest('https://portal.example.test/api/auth/session', {
      method: 'POST',
      headers: { origin: 'https://portal.example.test', 'content-type': 'application/json', ...headers },
      body,
    }),
    { params: Promise.resolve({ nextauth: ['session'] }) },
  );

describe('POST /api/auth/session (R7.11, decision 0100)', () => {
  // next-auth itself answers these 400 with `{}` (any CSRF failure) and 200 (fields it ignores).
  it('is answered by the portal: an unknown field is a 400, a missing CSRF token a 403', async () => {
    const unknown = await sessionPost(JSON.stringify({ csrfToken: 't', data: { email: 'x@example.com' } }));
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'Unknown field in data: email.',
    });
    expect((await sessionPost(JSON.stringify({ data: {} }))).status).toBe(403);
  });

  it('refuses another site’s post with 403', async () => {
    const response = await sessionPost('{}', { origin: 'https://elsewhere.example' });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ statusCode: 403, error: 'Forbidden' });
  });
});
