import { NextRequest } from 'next/server';
import { expectConsoleError } from '@vet/contracts/testing/console-errors';
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
    expectConsoleError(/^\[auth\] browser CLIENT_SESSION_ERROR: Session read failed: HTTP 503$/);
    const response = await logPost({
      level: 'error',
      code: 'CLIENT_SESSION_ERROR',
      detail: 'Session read failed: HTTP 503',
      client: 'true',
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({});
  });
});
