import { NextRequest } from 'next/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as serverConfig from '@/config/server';
import { parseServerConfig } from '@/config/server';
import type { SignInRequest } from '@/features/auth/sign-in-requests';
import { serverLog } from '@/observability/logger';

const config = parseServerConfig({
  DATABASE_URL: 'postgres://unused/portal',
  PORTAL_URL: 'https://portal.example.test',
});
vi.mock('@/config/server', async (importOriginal) => ({
  ...(await importOriginal<typeof serverConfig>()),
  getServerConfig: () => config,
}));
vi.mock('@/features/auth/server/auth-options', () => ({ authOptions: () => ({}) }));
const providerRedirect = vi.fn<(signIn: SignInRequest) => Promise<unknown>>();
vi.mock('@/features/auth/server/provider-redirect', () => ({ providerRedirect }));

const { GET } = await import('./route');

const startWith = (query: Record<string, string>) =>
  GET(
    new NextRequest(
      `https://portal.example.test/api/auth/start-sign-in?${new URLSearchParams(query).toString()}`,
    ),
  );
const start = (callbackUrl: string) => startWith({ callbackUrl });

describe('GET /api/auth/start-sign-in', () => {
  beforeEach(() => {
    providerRedirect.mockReset();
    providerRedirect.mockResolvedValue({
      location: 'https://idp.example.test/auth?x=1',
      setCookies: ['a=1; Path=/; HttpOnly', 'b=2; Path=/; HttpOnly'],
    });
  });

  it('answers 303 to the provider with next-auth’s cookies, never to be cached', async () => {
    const response = await start('/pets?x=1');
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('https://idp.example.test/auth?x=1');
    expect(response.headers.getSetCookie()).toEqual(['a=1; Path=/; HttpOnly', 'b=2; Path=/; HttpOnly']);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(providerRedirect.mock.calls[0]![0]).toEqual({
      providerId: 'azure-ad',
      callbackUrl: '/pets?x=1',
      authorizationParams: { prompt: 'login', screen_hint: 'signin' },
    });
  });

  it('chooses the provider the page would: /invite signs up', async () => {
    await start('/invite');
    expect(providerRedirect.mock.calls[0]![0]).toMatchObject({ providerId: 'auth0', callbackUrl: '/invite' });
  });

  it('starts the sign-up screen’s sign-up, back to the dashboard with its practice (R2.17)', async () => {
    await startWith({ screen: 'signup', practice: '3' });
    expect(providerRedirect.mock.calls[0]![0]).toEqual({
      providerId: 'auth0',
      callbackUrl: '/?practice=3',
      authorizationParams: { screen_hint: 'signup', prompt: 'login' },
    });
    await startWith({ screen: 'signup' });
    expect(providerRedirect.mock.calls[1]![0]).toMatchObject({ providerId: 'auth0', callbackUrl: '/' });
  });

  it.each(['https://elsewhere.example/pets', '//elsewhere.example', '/\\elsewhere.example'])(
    'returns to the portal’s home, never to %s',
    async (callbackUrl) => {
      await start(callbackUrl);
      expect(providerRedirect.mock.calls[0]![0]).toMatchObject({ callbackUrl: '/' });
    },
  );

  it('sends the browser to next-auth’s error page when the sign-in cannot start', async () => {
    const logged = vi.spyOn(serverLog, 'error').mockImplementation(() => undefined);
    providerRedirect.mockRejectedValueOnce(new TypeError('fetch failed'));
    const failed = await start('/pets');
    expect(failed.headers.get('location')).toBe('https://portal.example.test/api/auth/error');
    expect(failed.headers.getSetCookie()).toEqual([]);
    expect(logged).toHaveBeenCalledWith('[auth] start-sign-in: TypeError');
    providerRedirect.mockResolvedValueOnce(null);
    expect((await start('/pets')).headers.get('location')).toBe('https://portal.example.test/api/auth/error');
  });
});
