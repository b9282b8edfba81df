// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { BookingPaymentTerms } from '@vet/contracts/payments';
import type { PracticePrices } from '@vet/contracts/practice-prices';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '@/shared/api/api-client';
import { ApiClientProvider } from '@/shared/api/api-client-context';
import { createQueryClient } from '@/shared/query/query-client';
import { ConfirmStep } from './booking-confirm-step';

afterEach(cleanup);

const prices: PracticePrices = {
  ownerName: 'Willowbrook Veterinary Group Ltd',
  writtenPrescriptionFees: { firstPence: 1850, furtherPence: 900 },
  reasons: [],
  priceList: { lines: [], lastUpdated: null, vatIncluded: true },
};
const terms = 'Cancel or move 24 hours ahead for a full refund. Later, the practice keeps the deposit.';
const deposit: BookingPaymentTerms = {
  kind: 'deposit',
  amountPence: 2000,
  refundUntil: '2030-05-01T09:00:00.000Z',
  terms,
};
const started = {
  paymentId: 9,
  checkoutUrl: 'https://checkout.example.test/c/pay/cs_1',
  heldUntil: '2030-04-20T09:30:00.000Z',
};

/**
 * The confirm step of a new booking against a stand-in API: the terms answer `asked` (then `askedNext`
 * once read again), the payment's start answers `answer`. Returns the writes and where the browser went.
 */
function renderPaying(
  asked: BookingPaymentTerms,
  answer: () => Response,
  options: { askedNext?: BookingPaymentTerms; withPets?: { petId: number; name: string }[] } = {},
) {
  let termsReads = 0;
  const writes: { url: string; body: Record<string, unknown> }[] = [];
  const fetch = (url: string, init: RequestInit = {}) => {
    if (url.endsWith('/practices/3/prices')) return Promise.resolve(Response.json(prices));
    // The pet's health plan (issue 65): none.
    if (url.endsWith('/plans')) return Promise.resolve(Response.json({ memberships: [], choices: [] }));
    if (url.includes('/price?')) return Promise.resolve(Response.json({ date: '2030-05-02', price: null }));
    if (url.includes('/appointment-payments/terms?')) {
      termsReads += 1;
      return Promise.resolve(Response.json(termsReads > 1 ? (options.askedNext ?? asked) : asked));
    }
    writes.push({ url, body: JSON.parse(init.body as string) as Record<string, unknown> });
    return Promise.resolve(answer());
  };
  const leaveFor = vi.fn();
  const api = createApiClient({
    fetch: fetch as unknown as typeof globalThis.fetch,
    getStorage: () => undefined,
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ApiClientProvider client={api}>
        <ConfirmStep
          practice={{ practiceId: 3, name: 'Willowbrook Vets Clapham' }}
          pet={{ petId: 7, name: 'Biscuit' }}
          withPets={options.withPets ?? []}
          reason={{
            appointmentReasonId: 5,
            name: 'Vaccination',
            durationMinutes: 15,
            clinicianType: 'Vet',
            isInitialConsultation: false,
            speciesIds: [],
          }}
          startsAt="2030-05-02T09:00:00.000Z"
          existing={null}
          onChooseAgain={vi.fn()}
          onAlternative={vi.fn()}
          onDone={vi.fn()}
          leaveFor={leaveFor}
        />
      </ApiClientProvider>
    </QueryClientProvider>,
  );
  return { writes, leaveFor };
}

const refusal = (status: number, body: Record<string, unknown>) => () =>
  Response.json({ statusCode: status, error: 'Refused', ...body }, { status });

describe('ConfirmStep asking a deposit or a card hold (issue 64)', () => {
  it('shows the deposit and its terms before the press, then opens the provider’s page', async () => {
    const { writes, leaveFor } = renderPaying(deposit, () => Response.json(started, { status: 201 }));
    const press = await screen.findByRole('button', { name: 'Pay £20.00 deposit and book' });
    expect(screen.getByRole('heading', { level: 3, name: 'Deposit: £20.00' })).toBeTruthy();
    expect(screen.getByText(terms)).toBeTruthy();
    await waitFor(() => expect(press.hasAttribute('disabled')).toBe(false));
    fireEvent.click(press);
    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith(started.checkoutUrl));
    expect(writes).toHaveLength(1);
    expect(writes[0]?.url).toMatch(/\/bff\/v2\/appointment-payments$/);
    expect(writes[0]?.body).toEqual({
      practiceId: 3,
      petId: 7,
      appointmentReasonId: 5,
      startsAt: '2030-05-02T09:00:00.000Z',
      kind: 'deposit',
      amountPence: 2000,
    });
  });

  it('names a card hold on the press', async () => {
    renderPaying({ ...deposit, kind: 'card_hold', amountPence: 3000 }, () =>
      Response.json(started, { status: 201 }),
    );
    expect(await screen.findByRole('button', { name: 'Hold £30.00 on your card and book' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: 'Card hold: £30.00' })).toBeTruthy();
  });

  it('reads changed terms again and says them, the press naming the new amount', async () => {
    const message = 'The deposit for this appointment is now £25.00.';
    const { leaveFor } = renderPaying(deposit, refusal(409, { message, code: 'terms_changed' }), {
      askedNext: { ...deposit, amountPence: 2500 },
    });
    const press = await screen.findByRole('button', { name: 'Pay £20.00 deposit and book' });
    await waitFor(() => expect(press.hasAttribute('disabled')).toBe(false));
    fireEvent.click(press);
    expect(await screen.findByText(message)).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Pay £25.00 deposit and book' })).toBeTruthy();
    expect(leaveFor).not.toHaveBeenCalled();
  });

  it('says nothing was taken when the provider is down', async () => {
    renderPaying(deposit, refusal(503, { message: 'Provider unavailable' }));
    const press = await screen.findByRole('button', { name: 'Pay £20.00 deposit and book' });
    await waitFor(() => expect(press.hasAttribute('disabled')).toBe(false));
    fireEvent.click(press);
    expect(await screen.findByText(/Nothing has been taken and the time is not held/)).toBeTruthy();
  });

  it('offers the nearest times when the time was taken', async () => {
    const alternatives = [{ startsAt: '2030-05-02T09:15:00.000Z', endsAt: '2030-05-02T09:30:00.000Z' }];
    renderPaying(deposit, refusal(409, { message: 'That time has just been taken.', alternatives }));
    const press = await screen.findByRole('button', { name: 'Pay £20.00 deposit and book' });
    await waitFor(() => expect(press.hasAttribute('disabled')).toBe(false));
    fireEvent.click(press);
    expect(await screen.findByText('That time has just been taken.')).toBeTruthy();
    expect(screen.getByText('These times near it are free. Choose one, then confirm again:')).toBeTruthy();
  });

  it('asks a visit’s pets to be booked one at a time, with nothing to press', async () => {
    const { writes } = renderPaying(deposit, () => Response.json(started, { status: 201 }), {
      withPets: [{ petId: 8, name: 'Mango' }],
    });
    expect(await screen.findByText(/book each pet on its own/)).toBeTruthy();
    const press = screen.getByRole('button', { name: 'Confirm visit' });
    expect(press.hasAttribute('disabled')).toBe(true);
    fireEvent.click(press);
    expect(writes).toHaveLength(0);
  });
});
