// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ManageLinkAppointment } from '@vet/contracts/manage-link';
import { noPriceText } from '@vet/contracts/money';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '@/shared/api/api-client';
import { ApiClientProvider } from '@/shared/api/api-client-context';
import { createQueryClient } from '@/shared/query/query-client';
import { ManageView } from './manage-view';

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});

/** The token the tab keeps once the address has lost it (decision 0095). */
const keptToken = () => window.sessionStorage.getItem('manageLinkToken');

const hour = 3_600_000;
const appointment = (overrides: Partial<ManageLinkAppointment> = {}): ManageLinkAppointment => ({
  appointmentId: 7,
  petName: 'Pickle',
  reasonName: 'Dental check',
  clinicianType: 'Vet',
  clinicianName: null,
  practiceName: 'Willowbrook Vets Clapham',
  practiceAddress: '48 Abbeville Road, London, SW4 9NG',
  practicePhone: '020 7946 0123',
  startsAt: new Date(Date.now() + 72 * hour).toISOString(),
  endsAt: new Date(Date.now() + 72.5 * hour).toISOString(),
  status: 'Booked',
  attendanceConfirmed: false,
  petStatus: 'Active',
  changeableUntil: new Date(Date.now() + 48 * hour).toISOString(),
  writtenPrescriptionFees: { firstPence: 1850, furtherPence: 900 },
  price: null,
  ...overrides,
});

type Call = { url: string; method: string; body: unknown };

/** The page at /manage#<hash>, with an API answering each path as told. */
function renderAt(hash: string, answers: Record<string, () => Response>) {
  window.history.replaceState(null, '', `/manage${hash}`);
  const calls: Call[] = [];
  const fetch = vi.fn((url: string, init?: RequestInit) => {
    calls.push({
      url,
      method: init?.method ?? 'GET',
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    });
    const answer = answers[url.split('?')[0]!];
    return Promise.resolve(answer ? answer() : Response.json([]));
  });
  const api = createApiClient({
    fetch: fetch as unknown as typeof globalThis.fetch,
    getStorage: () => undefined,
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ApiClientProvider client={api}>
        <ManageView />
      </ApiClientProvider>
    </QueryClientProvider>,
  );
  return calls;
}

const refused = () =>
  Response.json(
    { statusCode: 404, error: 'Not Found', message: 'This link no longer works.' },
    { status: 404 },
  );

describe('ManageView (/manage#token, decision 0084)', () => {
  it('reads the fragment, POSTs it to read the appointment, and acts only on a press', async () => {
    const calls = renderAt('#7.abc', {
      '/bff/manage-link/appointment': () => Response.json(appointment()),
      '/bff/manage-link/attendance': () => Response.json(appointment({ attendanceConfirmed: true })),
    });
    await screen.findByText('Pickle');
    // Read, the token left the address and stays with the tab (decision 0095).
    expect(window.location.hash).toBe('');
    expect(keptToken()).toBe('7.abc');
    expect(screen.getByRole('link', { name: 'Change the time' }).getAttribute('href')).toBe(
      '/appointments/book?change=1&appointmentId=7',
    );
    expect(calls.filter((call) => call.url.startsWith('/bff/manage-link'))).toEqual([
      { url: '/bff/manage-link/appointment', method: 'POST', body: { token: '7.abc' } },
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'I’ll be there' }));
    await screen.findByText('You have told the practice you will be there.');
    expect(calls.at(-1)).toEqual({
      url: '/bff/manage-link/attendance',
      method: 'POST',
      body: { token: '7.abc' },
    });
  });

  it('says who sees the pet: the vet the client named, else “Vet” (decision 0141)', async () => {
    renderAt('#7.abc', {
      '/bff/manage-link/appointment': () => Response.json(appointment({ clinicianName: 'Kirsty Doyle' })),
    });
    const seenBy = (await screen.findByText('Seen by')).nextElementSibling;
    expect(seenBy?.textContent).toBe('Kirsty Doyle');
    cleanup();
    renderAt('#7.abc', { '/bff/manage-link/appointment': () => Response.json(appointment()) });
    expect((await screen.findByText('Seen by')).nextElementSibling?.textContent).toBe('Vet');
  });

  // Issue 62: where a booking is discussed, the written prescription notice with the practice's fee.
  it('says a written prescription may be asked for, at the practice’s fee', async () => {
    renderAt('#7.abc', { '/bff/manage-link/appointment': () => Response.json(appointment()) });
    const notice = await screen.findByTestId('written-prescription-notice');
    expect(notice.textContent).toContain('£18.50 for the first medicine and £9.00 for each further medicine');
  });

  it('says the price the appointment was quoted, or that none was published (issue 62)', async () => {
    const quoted = { amountPence: 5400, includes: 'The examination' };
    renderAt('#7.abc', {
      '/bff/manage-link/appointment': () => Response.json(appointment({ price: quoted })),
    });
    expect(await screen.findByText('Price: From £54.00 · Includes: The examination')).toBeTruthy();
    cleanup();
    renderAt('#7.abc', { '/bff/manage-link/appointment': () => Response.json(appointment()) });
    expect(await screen.findByText(noPriceText)).toBeTruthy();
  });

  it('asks for a reason before cancelling, then cancels with it', async () => {
    const calls = renderAt('#7.abc', {
      '/bff/manage-link/appointment': () => Response.json(appointment()),
      '/bff/lookup/cancellation-reasons': () =>
        Response.json([{ cancellationReasonId: 3, description: 'Feeling better' }]),
      '/bff/manage-link/cancellation': () => Response.json(appointment({ status: 'Cancelled' })),
    });
    const cancel = await screen.findByRole('button', { name: 'Cancel appointment' });
    fireEvent.click(cancel);
    await screen.findByText('Choose a reason for cancelling.');
    expect(calls.some((call) => call.url === '/bff/manage-link/cancellation')).toBe(false);
    const reason = screen.getByLabelText(/Reason for cancelling/);
    await screen.findByRole('option', { name: 'Feeling better' });
    fireEvent.change(reason, { target: { value: '3' } });
    fireEvent.click(cancel);
    await screen.findByText('Your appointment is cancelled');
    // Used up: the tab forgets the token (decision 0095).
    expect(keptToken()).toBeNull();
    expect(calls.at(-1)).toEqual({
      url: '/bff/manage-link/cancellation',
      method: 'POST',
      body: { token: '7.abc', reasonId: 3 },
    });
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('past the cut-off offers no cancel or change, and says to call', async () => {
    renderAt('#7.abc', {
      '/bff/manage-link/appointment': () =>
        Response.json(appointment({ changeableUntil: new Date(Date.now() - hour).toISOString() })),
    });
    await screen.findByText(/It starts too soon to change or cancel online/);
    expect(screen.queryByRole('button', { name: 'Cancel appointment' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Change the time' })).toBeNull();
    expect(screen.getByRole('button', { name: 'I’ll be there' }).getAttribute('type')).toBe('submit');
  });

  it('for a pet that has died or has a new home offers no change, only cancelling (0066, 0099)', async () => {
    renderAt('#7.abc', {
      '/bff/manage-link/appointment': () => Response.json(appointment({ petStatus: 'Deceased' })),
    });
    await screen.findByText(/Pickle is no longer with you, so this appointment cannot be moved online/);
    screen.getByText(/call Willowbrook Vets Clapham on 020 7946 0123/);
    expect(screen.queryByRole('link', { name: 'Change the time' })).toBeNull();
    screen.getByRole('button', { name: 'Cancel appointment' });
  });

  it('answers a refused link, and a link with no token, with the same plain page', async () => {
    renderAt('#7.tampered', { '/bff/manage-link/appointment': refused });
    await screen.findByText('This link no longer works');
    expect(screen.queryByRole('button')).toBeNull();
    expect(window.location.hash).toBe('');
    expect(keptToken()).toBeNull();
    cleanup();
    const calls = renderAt('', {});
    await screen.findByText('This link no longer works');
    expect(calls).toEqual([]);
  });
});
