// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { AppointmentPayment } from '@vet/contracts/payments';
import { buildAppointment, buildPet, buildProfile } from '@vet/contracts/testing/builders';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '@/shared/api/api-client';
import { ApiClientProvider } from '@/shared/api/api-client-context';
import { createQueryClient } from '@/shared/query/query-client';
import { ToastProvider } from '@/shared/toast/toast-provider';
import { AppointmentsView } from './appointments-view';

vi.mock('@/shared/auth-session/session-client', () => ({
  useSession: () => ({ status: 'authenticated', data: {} }),
}));
vi.mock('next/navigation', () => ({ useRouter: () => ({ push: vi.fn(), replace: vi.fn() }) }));

beforeEach(() => {
  document.cookie = 'OptanonConsent=true; Path=/';
  window.dataLayer = [];
});
afterEach(() => {
  cleanup();
  document.cookie = 'OptanonConsent=; Max-Age=0; Path=/';
  delete window.dataLayer;
});

const biscuit = buildAppointment({ appointmentId: 1, startsAt: '2030-05-02T10:00:00Z' });
const detail = {
  ...biscuit,
  notes: null,
  cancellationReasonId: null,
  cancelledAt: null,
  changeableUntil: '2030-05-01T10:00:00.000Z',
};
const terms = 'Cancel 24 hours ahead for a full refund; later, the practice keeps the deposit.';

/** The page with one upcoming appointment that has `payment` (answered as it stands at each read). */
function renderWithPayment(payment: AppointmentPayment) {
  const answers: Record<string, unknown> = {
    '/bff/client/profile': buildProfile({ homePracticeId: 1 }),
    '/bff/appointments': [biscuit],
    '/bff/appointments/1': detail,
    '/bff/v2/pets': [buildPet()],
    '/bff/practices/1/feature-toggles': [],
    '/bff/lookup/cancellation-reasons': [{ cancellationReasonId: 9, description: 'Feeling better' }],
    '/bff/appointments/1/cancel': { ...detail, status: 'Cancelled' },
    '/bff/v2/appointments/1/payment': { payment },
  };
  const fetch = vi.fn((url: string) => Promise.resolve(Response.json(answers[url.split('?')[0]!] ?? [])));
  const api = createApiClient({
    fetch: fetch as unknown as typeof globalThis.fetch,
    getStorage: () => undefined,
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ApiClientProvider client={api}>
        <ToastProvider>
          <AppointmentsView />
        </ToastProvider>
      </ApiClientProvider>
    </QueryClientProvider>,
  );
}

async function openCancel() {
  fireEvent.click(await screen.findByRole('button', { name: /^Cancel Biscuit’s / }));
  const dialog = await screen.findByRole('dialog', { name: 'Cancel appointment' });
  const reason = await within(dialog).findByRole('option', { name: 'Feeling better' });
  fireEvent.change(reason.closest('select')!, { target: { value: '9' } });
  return dialog;
}

describe('AppointmentsView: cancelling an appointment with a deposit or card hold (issue 64)', () => {
  it('says the deposit is refunded in full before the press, then shows the refund on its way', async () => {
    const payment: AppointmentPayment = {
      paymentId: 9,
      kind: 'deposit',
      status: 'paid',
      amountPence: 2000,
      refundUntil: '2030-05-01T10:00:00.000Z',
      terms,
      refund: null,
    };
    renderWithPayment(payment);
    const dialog = await openCancel();
    expect(await within(dialog).findByText('Your £20.00 deposit will be refunded in full.')).toBeTruthy();
    // The cancel refunds it: the next read says so.
    payment.refund = { status: 'pending', amountPence: 2000 };
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel appointment' }));
    expect(await screen.findByText(/^£20.00 is being refunded to your card/)).toBeTruthy();
  });

  it('says a hold is released in time', async () => {
    renderWithPayment({
      paymentId: 9,
      kind: 'card_hold',
      status: 'authorised',
      amountPence: 3000,
      refundUntil: '2030-05-01T10:00:00.000Z',
      terms,
      refund: null,
    });
    const dialog = await openCancel();
    expect(await within(dialog).findByText('The £30.00 held on your card will be released.')).toBeTruthy();
  });

  it('says the practice keeps a deposit past its deadline, in the terms’ words', async () => {
    renderWithPayment({
      paymentId: 9,
      kind: 'deposit',
      status: 'paid',
      amountPence: 2000,
      refundUntil: '2020-05-01T10:00:00.000Z',
      terms,
      refund: null,
    });
    const dialog = await openCancel();
    await waitFor(() =>
      expect(dialog.textContent).toContain(
        `The practice keeps your £20.00 deposit, as its terms say. ${terms}`,
      ),
    );
  });
});
