// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { AppointmentDetail } from '@vet/contracts/appointment-booking';
import type { Payment } from '@vet/contracts/payments';
import { buildAppointment } from '@vet/contracts/testing/builders';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '@/shared/api/api-client';
import { ApiClientProvider } from '@/shared/api/api-client-context';
import { createQueryClient } from '@/shared/query/query-client';
import { BookingPaymentReturn } from './booking-payment-return';

afterEach(cleanup);

const terms = 'Cancel or move 24 hours ahead for a full refund. Later, the practice keeps the deposit.';
const held: Payment = {
  id: 9,
  purpose: 'deposit',
  status: 'pending',
  amountPence: 2000,
  invoiceId: null,
  paidAt: null,
  booking: {
    state: 'held',
    heldUntil: new Date(Date.now() + 20 * 60_000).toISOString(),
    appointmentId: null,
    refundUntil: '2030-05-01T09:00:00.000Z',
    terms,
  },
  refund: null,
};
const booked: Payment = {
  ...held,
  status: 'paid',
  paidAt: '2030-04-20T09:00:00.000Z',
  booking: { ...held.booking!, state: 'booked', heldUntil: null, appointmentId: 42 },
};
const appointment: AppointmentDetail = {
  ...buildAppointment({
    appointmentId: 42,
    petId: 7,
    petName: 'Biscuit',
    startsAt: '2030-05-02T09:00:00.000Z',
  }),
  notes: null,
  cancellationReasonId: null,
  cancelledAt: null,
  changeableUntil: '2030-05-01T09:00:00.000Z',
  price: null,
};

/** The view against a stand-in API: the payment answers `next`, the appointment `booking` (as booked). */
function renderReturn(initial: Payment, next: Payment = initial, booking: AppointmentDetail = appointment) {
  const fetch = vi.fn((url: string) =>
    Promise.resolve(
      url.endsWith('/v2/payments/9')
        ? Response.json(next)
        : url.endsWith('/appointments/42')
          ? Response.json(booking)
          : Response.json({ statusCode: 404, error: 'Not Found', message: 'Not found' }, { status: 404 }),
    ),
  );
  const api = createApiClient({
    fetch: fetch as unknown as typeof globalThis.fetch,
    getStorage: () => undefined,
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ApiClientProvider client={api}>
        <BookingPaymentReturn initial={initial} />
      </ApiClientProvider>
    </QueryClientProvider>,
  );
  return fetch;
}

describe('BookingPaymentReturn', () => {
  it('waits for the provider with the hold’s countdown, then announces the booking when it comes', async () => {
    renderReturn(held, booked);
    expect(screen.getByRole('heading', { level: 2, name: 'We are confirming your payment' })).toBeTruthy();
    expect(screen.getByText(/Held for you until/)).toBeTruthy();
    // Nothing to extend: the provider's page bounds the hold.
    expect(screen.queryByRole('button', { name: /more minutes/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Your appointment is booked' })).toBeTruthy();
    const statuses = screen.getAllByRole('status').map((region) => region.textContent);
    expect(statuses).toContain('Your appointment is booked');
  });

  it('shows the appointment booked, the deposit paid, the terms and the receipt', async () => {
    renderReturn(booked);
    expect(await screen.findByRole('heading', { level: 2, name: 'Your appointment is booked' })).toBeTruthy();
    expect(screen.getByText(/Biscuit is booked in at 10:00/)).toBeTruthy();
    expect(
      screen.getByText(/You paid a £20.00 deposit\. A receipt is on its way to your e-mail\./),
    ).toBeTruthy();
    expect(screen.getByText(terms)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See your appointments' }).getAttribute('href')).toBe(
      '/appointments',
    );
  });

  it('says a card hold is held, not taken', async () => {
    renderReturn({ ...booked, purpose: 'card_hold', amountPence: 3000 });
    expect(await screen.findByText(/£30.00 is held on your card\. Nothing is taken unless/)).toBeTruthy();
  });

  it('says nothing was taken when the page was left, and drops ?cancelled=1 so a reload only reads', () => {
    window.history.replaceState(null, '', '/appointments/payment/9?cancelled=1');
    const fetch = renderReturn({
      ...held,
      status: 'expired',
      booking: { ...held.booking!, state: 'released' },
    });
    expect(screen.getByRole('heading', { level: 2, name: 'No payment was taken' })).toBeTruthy();
    expect(screen.getByText(/nothing was taken and the time was released/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Book an appointment' }).getAttribute('href')).toBe(
      '/appointments/book',
    );
    expect(window.location.pathname).toBe('/appointments/payment/9');
    expect(window.location.search).toBe('');
    // Settled: not read again.
    expect(fetch).not.toHaveBeenCalled();
  });

  it('says the time could not be kept and where the refund stands', () => {
    renderReturn({
      ...held,
      status: 'paid',
      booking: { ...held.booking!, state: 'released' },
      refund: { status: 'pending', amountPence: 2000 },
    });
    expect(screen.getByRole('heading', { level: 2, name: 'We could not keep that time' })).toBeTruthy();
    expect(screen.getByText(/£20.00 is being refunded to your card/)).toBeTruthy();
  });

  it('says a check that failed, and keeps waiting', async () => {
    const fetch = renderReturn(held);
    fetch.mockImplementation(() =>
      Promise.resolve(
        Response.json({ statusCode: 502, error: 'Bad Gateway', message: 'Down' }, { status: 502 }),
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(screen.getByText(/We could not check just now/)).toBeTruthy(), {
      timeout: 5_000,
    });
    expect(screen.getByRole('heading', { level: 2, name: 'We are confirming your payment' })).toBeTruthy();
  });

  it('says an appointment cancelled since, and its refund, when opened again from the receipt', async () => {
    renderReturn({ ...booked, refund: { status: 'succeeded', amountPence: 2000 } }, booked, {
      ...appointment,
      status: 'Cancelled',
      cancelledAt: '2030-04-21T09:00:00.000Z',
    });
    expect(
      await screen.findByRole('heading', { level: 2, name: 'This appointment was cancelled' }),
    ).toBeTruthy();
    expect(screen.getByText(/£20.00 was refunded to your card/)).toBeTruthy();
    expect(screen.queryByText('Your appointment is booked')).toBeNull();
  });

  it('asks once more when the hold runs out, not on every redraw', async () => {
    const ended = {
      ...held,
      booking: { ...held.booking!, heldUntil: new Date(Date.now() - 1_000).toISOString() },
    };
    const fetch = renderReturn(ended);
    expect(await screen.findByText('We are asking the payment provider one last time.')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(fetch.mock.calls.length).toBe(1);
  });
});
