// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '@/shared/api/api-client';
import { ApiClientProvider } from '@/shared/api/api-client-context';
import { createQueryClient } from '@/shared/query/query-client';
import { EndManageLinks } from './end-manage-links';

afterEach(cleanup);

/** The control, with the API answering its one call as told. */
function renderWith(answer: () => Response) {
  const calls: { url: string; method: string }[] = [];
  const fetch = vi.fn((url: string, init?: RequestInit) => {
    calls.push({ url, method: init?.method ?? 'GET' });
    return Promise.resolve(answer());
  });
  const api = createApiClient({
    fetch: fetch as unknown as typeof globalThis.fetch,
    getStorage: () => undefined,
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ApiClientProvider client={api}>
        <EndManageLinks />
      </ApiClientProvider>
    </QueryClientProvider>,
  );
  return calls;
}

describe('EndManageLinks (decision 0095)', () => {
  it('says what it does, calls nothing until pressed, then says what happened', async () => {
    const calls = renderWith(() => Response.json({ ended: 2 }));
    expect(screen.getByRole('region', { name: 'Links in appointment e-mails and texts' })).toBeTruthy();
    expect(calls).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'End my appointment links' }));
    const done = await screen.findByRole('status');
    expect(done.textContent).toContain('Your appointment links have ended');
    expect(done.textContent).toContain('The links we sent for your 2 upcoming appointments no longer work.');
    expect(calls).toEqual([{ url: '/bff/client/manage-links/end', method: 'POST' }]);
  });

  it('says so when there was nothing to end', async () => {
    renderWith(() => Response.json({ ended: 0 }));
    fireEvent.click(screen.getByRole('button', { name: 'End my appointment links' }));
    expect((await screen.findByRole('status')).textContent).toContain('You have no upcoming appointments');
  });

  it('says when it failed, and can be pressed again', async () => {
    renderWith(() =>
      Response.json({ statusCode: 503, error: 'Service Unavailable', message: 'x' }, { status: 503 }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'End my appointment links' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'We could not end your appointment links. Please try again.',
    );
    expect(screen.getByRole('button', { name: 'End my appointment links' }).hasAttribute('disabled')).toBe(
      false,
    );
  });
});
