// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { DevSms } from '@vet/contracts/dev-mailbox';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '@/shared/api/api-client';
import { ApiClientProvider } from '@/shared/api/api-client-context';
import { createQueryClient } from '@/shared/query/query-client';
import { ToastProvider } from '@/shared/toast/toast-provider';
import { DevMailbox } from './dev-mailbox';

const reminder: DevSms = {
  id: 4,
  to: '+447400123456',
  body: "Harbour Vets: reminder of Biscuit's appointment. Confirm, cancel or change: http://localhost:3000/manage#7.abc",
  status: 'sent',
  createdAt: '2026-03-03T10:30:15.000Z',
  sentAt: '2026-03-03T10:30:16.000Z',
  lastError: null,
};

function renderMailbox(answer: (path: string) => Response) {
  const fetchFn = vi.fn((url: string) => Promise.resolve(answer(url.replace(/^\/bff/, ''))));
  const api = createApiClient({ fetch: fetchFn as unknown as typeof fetch, getStorage: () => undefined });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ApiClientProvider client={api}>
        <ToastProvider>
          <DevMailbox />
        </ToastProvider>
      </ApiClientProvider>
    </QueryClientProvider>,
  );
}

afterEach(cleanup);

describe('the development SMS outbox on the mailbox page (decision 0085)', () => {
  it('lists the kept text messages beside the e-mails, their links followable', async () => {
    renderMailbox((path) => Response.json(path === '/dev/sms' ? [reminder] : []));
    const list = await screen.findByRole('list', { name: 'Text messages, newest first' });
    expect(screen.getByRole('heading', { level: 2, name: 'Text messages (1)' })).toBeTruthy();
    const [item] = within(list).getAllByRole('listitem');
    expect(item?.textContent).toMatch(/^To \+447400123456 · /);
    expect(item?.textContent).toContain("reminder of Biscuit's appointment");
    const link = within(list).getByRole('link', { name: 'http://localhost:3000/manage#7.abc' });
    expect(link.getAttribute('href')).toBe('http://localhost:3000/manage#7.abc');
  });

  it('shows no text messages section when none was kept, or the API has no list', async () => {
    renderMailbox((path) =>
      path === '/dev/sms' ? Response.json({ statusCode: 404 }, { status: 404 }) : Response.json([]),
    );
    expect(await screen.findByText(/^No e-mails yet/)).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Text messages, newest first' })).toBeNull();
  });
});
