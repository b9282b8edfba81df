// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { DevMailboxMessage } from '@vet/contracts/dev-mailbox';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '@/shared/api/api-client';
import { ApiClientProvider } from '@/shared/api/api-client-context';
import { createQueryClient } from '@/shared/query/query-client';
import { ToastProvider } from '@/shared/toast/toast-provider';
import { DevMailbox } from './dev-mailbox';

const codeEmail: DevMailboxMessage = {
  id: 12,
  to: 'priya.shah@example.com',
  subject: 'Your verification code',
  status: 'sent',
  createdAt: '2026-03-03T10:30:15.000Z',
  sentAt: '2026-03-03T10:30:16.000Z',
  code: '739204',
  text: 'Hello Priya,\n\nYour code: 739204\n\nOpen the portal: http://localhost:3000/verified?code=739204',
  html: '<!doctype html><p>Hello Priya,</p><p>739204</p><script>parent.alert(1)</script>',
  attachments: [],
  attempts: 1,
  lastError: null,
};
const bookingEmail: DevMailboxMessage = {
  ...codeEmail,
  id: 11,
  to: 'olivia.bennett@example.com',
  subject: 'Your appointment is booked',
  code: null,
  text: 'Hello Olivia,\n\nBiscuit is booked in.',
  html: null,
  attachments: [{ filename: 'appointment.ics', contentType: 'text/calendar' }],
};
const summary = ({
  text: _t,
  html: _h,
  attachments: _a,
  attempts: _n,
  lastError: _e,
  ...rest
}: DevMailboxMessage) => rest;

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

const kept = (path: string) => {
  if (path === '/dev/mailbox') return Response.json([codeEmail, bookingEmail].map(summary));
  const message = [codeEmail, bookingEmail].find((email) => path === `/dev/mailbox/${email.id}`);
  return message ? Response.json(message) : Response.json({ statusCode: 404 }, { status: 404 });
};

afterEach(cleanup);

describe('DevMailbox', () => {
  it('says it is not for production, lists the e-mails and opens the newest, its code large', async () => {
    renderMailbox(kept);
    const list = await screen.findByRole('list', { name: 'E-mails, newest first' });
    expect(screen.getByText('Development mailbox — not available in production')).toBeTruthy();
    const items = within(list).getAllByRole('button');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^Your verification codeTo priya\.shah@example\.com.*Code 739204$/),
      expect.stringMatching(/^Your appointment is bookedTo olivia\.bennett@example\.com/),
    ]);
    expect(items[0]?.getAttribute('aria-current')).toBe('true');

    expect((await screen.findByTestId('verification-code')).textContent).toBe('739204');
    expect(screen.getByRole('heading', { level: 2, name: 'Your verification code' })).toBeTruthy();
    const link = screen.getByRole('link', { name: 'http://localhost:3000/verified?code=739204' });
    expect(link.getAttribute('href')).toBe('http://localhost:3000/verified?code=739204');
    const frame = screen.getByTitle('The HTML part of “Your verification code”');
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toContain('<p>739204</p>');
  });

  it('opens another e-mail when it is chosen', async () => {
    renderMailbox(kept);
    fireEvent.click(await screen.findByRole('button', { name: /^Your appointment is booked/ }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Your appointment is booked' })).toBeTruthy();
    expect(screen.getByText('appointment.ics (text/calendar)')).toBeTruthy();
    expect(screen.getByText('This e-mail has no HTML part.')).toBeTruthy();
    expect(screen.queryByTestId('verification-code')).toBeNull();
  });

  it('says plainly that there is no mailbox where the API has none (production)', async () => {
    renderMailbox(() =>
      Response.json({ statusCode: 404, error: 'Not Found', message: 'x' }, { status: 404 }),
    );
    expect((await screen.findByTestId('dev-mailbox-unavailable')).textContent).toMatch(
      /^There is no development mailbox here/,
    );
    expect(screen.queryByText('Development mailbox — not available in production')).toBeNull();
  });

  it('says when nothing has been kept yet', async () => {
    renderMailbox(() => Response.json([]));
    expect(await screen.findByText(/^No e-mails yet/)).toBeTruthy();
  });
});
