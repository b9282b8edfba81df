import { describe, expect, it, vi } from 'vitest';
import type * as serverConfig from '@/config/server';
import { parseServerConfig } from '@/config/server';

const config = parseServerConfig({
  DATABASE_URL: 'postgres://unused/portal',
  PORTAL_URL: 'https://portal.example.test',
});
vi.mock('@/config/server', async (importOriginal) => ({
  ...(await importOriginal<typeof serverConfig>()),
  getServerConfig: () => config,
}));
const providerLogoutUrl = vi.fn(() => Promise.resolve('https://idp.example.test/session/end'));
vi.mock('@/features/auth/server/provider-logout', () => ({ providerLogoutUrl }));
vi.mock('@/shared/auth-session/server/session-deps', () => ({ activeSessionDeps: () => ({}) }));

const { POST } = await import('./route');

const endSession = (headers: Record<string, string>) =>
  POST(new Request('https://portal.example.test/api/auth/end-session', { method: 'POST', headers }));

describe('POST /api/auth/end-session', () => {
  it.each([
    ['a cross-site Origin', { origin: 'https://evil.example' }],
    ['a null Origin', { origin: 'null' }],
    ['neither Origin nor Sec-Fetch-Site', {}],
    ['Sec-Fetch-Site same-site', { 'sec-fetch-site': 'same-site' }],
  ])('refuses %s with 403 in the API error shape', async (_label, headers) => {
    const response = await endSession(headers);
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({
      statusCode: 403,
      error: 'Forbidden',
      message: 'This request did not come from the portal.',
    });
    expect(providerLogoutUrl).not.toHaveBeenCalled();
  });

  it('answers the portal itself', async () => {
    const response = await endSession({ origin: 'https://portal.example.test' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ url: 'https://idp.example.test/session/end' });
  });
});
