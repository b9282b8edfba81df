import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { createApiClient } from '@/shared/api/api-client';
import { ApiClientProvider } from '@/shared/api/api-client-context';
import { LogoutProvider } from '@/shared/auth-session/logout-context';
import { createQueryClient } from '@/shared/query/query-client';

/** One fake API answer: a status and a JSON body (none for 204). */
export type FakeAnswer = { status: number; body?: unknown };
export type FakeRoute = (request: {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}) => FakeAnswer | undefined;

export const ok = (body: unknown): FakeAnswer => ({ status: 200, body });
export const problem = (status: number, message: string, issues?: { path: string; message: string }[]) => ({
  status,
  body: { statusCode: status, error: 'Error', message, ...(issues && { issues }) },
});

/**
 * Renders onboarding UI with the providers it needs and an API whose answers the test gives, recording
 * every call. A call no route answers is a 404, so a test sees exactly what it set up.
 */
export function renderWithApi(ui: ReactNode, route: FakeRoute) {
  const calls: { method: string; path: string; query: URLSearchParams; body: unknown }[] = [];
  const fetch = vi.fn((url: string, init: RequestInit) => {
    const address = new URL(url, 'http://portal.test');
    const request = {
      method: init.method ?? 'GET',
      path: address.pathname.replace(/^\/bff/, ''),
      query: address.searchParams,
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    };
    calls.push(request);
    const answer = route(request) ?? {
      status: 404,
      body: { statusCode: 404, error: 'Not Found', message: 'No.' },
    };
    return Promise.resolve(
      answer.body === undefined
        ? new Response(null, { status: answer.status })
        : Response.json(answer.body, { status: answer.status }),
    );
  });
  const api = createApiClient({
    fetch: fetch as unknown as typeof globalThis.fetch,
    getStorage: () => undefined,
  });
  const navigate = vi.fn();
  const view = render(
    <QueryClientProvider client={createQueryClient()}>
      <ApiClientProvider client={api}>
        <LogoutProvider navigate={navigate}>{ui}</LogoutProvider>
      </ApiClientProvider>
    </QueryClientProvider>,
  );
  return { ...view, calls, navigate };
}

/** Product events reach window.dataLayer only with consent (decision 0011): tests give it. */
export function grantConsent(): void {
  document.cookie = 'OptanonConsent=true; Path=/';
  window.dataLayer = [];
}

export function revokeConsent(): void {
  document.cookie = 'OptanonConsent=; Max-Age=0; Path=/';
}

/** The events sent, by name and properties (without the application tags). */
export function trackedEvents(): { event: string; [key: string]: unknown }[] {
  return (window.dataLayer ?? []).map((entry) => {
    const { application: _application, version: _version, ...rest } = entry as Record<string, unknown>;
    return rest as { event: string };
  });
}
