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
