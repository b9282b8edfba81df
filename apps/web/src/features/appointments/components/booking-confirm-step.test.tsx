// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { AppointmentDetail } from '@vet/contracts/appointment-booking';
import type { FromPrice } from '@vet/contracts/practice-prices';
import { bookingMessages } from '@vet/contracts/booking-rules';
import type { PracticePrices } from '@vet/contracts/practice-prices';
import { noPriceText } from '@vet/contracts/money';
import { buildAppointment } from '@vet/contracts/testing/builders';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '@/shared/api/api-client';
import { ApiClientProvider } from '@/shared/api/api-client-context';
import { createQueryClient } from '@/shared/query/query-client';
import { ConfirmStep } from './booking-confirm-step';

afterEach(cleanup);

const clapham: PracticePrices = {
  ownerName: 'Willowbrook Veterinary Group Ltd',
  writtenPrescriptionFees: { firstPence: 1850, furtherPence: 900 },
  reasons: [],
  priceList: { lines: [], lastUpdated: null, vatIncluded: true },
};

/** The confirm step against an API that refuses the booking with `status` and `message`. */
async function renderRefused(
  status: number,
  message: string,
  vet: { clinicianId: number; name: string } | null = null,
  existing: AppointmentDetail | null = null,
  visit: { visitId: string; withPets: { petId: number; name: string }[] } | null = null,
  price: FromPrice | null = null,
  code?: string,
) {
  const fetch = vi.fn((url: string, _init?: RequestInit) =>
    Promise.resolve(
      // The day's quote, read as the step opens (issue 62), and the payment asked (none, issue 64);
      // every write is refused.
      url.includes('/price?')
        ? Response.json({ date: '2030-05-02', price })
        : url.includes('/appointment-payments/terms?')
          ? Response.json({ kind: 'none' })
          : Response.json({ statusCode: status, error: 'Refused', message, code }, { status }),
    ),
  );
  // The practice's prices (its owner and fees, issue 62) answered apart: `fetch` sees the booking's calls.
  const api = createApiClient({
    fetch: ((url: string, init?: RequestInit) =>
      url.endsWith('/practices/3/prices')
        ? Promise.resolve(Response.json(clapham))
        : // The pet's health plan (issue 65): none, so the price is quoted.
          url.endsWith('/plans')
          ? Promise.resolve(Response.json({ memberships: [], choices: [] }))
          : fetch(url, init)) as unknown as typeof globalThis.fetch,
    getStorage: () => undefined,
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ApiClientProvider client={api}>
        <ConfirmStep
          practice={{ practiceId: 3, name: 'Willowbrook Vets Clapham' }}
          pet={{ petId: 7, name: 'Biscuit' }}
          reason={{
            appointmentReasonId: 5,
            name: 'Vaccination',
            durationMinutes: 15,
            clinicianType: 'Vet',
            isInitialConsultation: false,
            speciesIds: [],
          }}
          startsAt="2030-05-02T09:00:00.000Z"
          existing={existing}
          existingVisitId={visit?.visitId ?? null}
          withPets={visit?.withPets ?? []}
          vet={vet}
          onChooseAgain={vi.fn()}
          onAlternative={vi.fn()}
          onDone={vi.fn()}
        />
      </ApiClientProvider>
    </QueryClientProvider>,
  );
  const name = existing ? 'Confirm change' : 'Confirm booking';
  // A new booking's press waits for the payment asked (issue 64).
  await waitFor(() => expect(screen.getByRole('button', { name }).hasAttribute('disabled')).toBe(false));
  fireEvent.click(screen.getByRole('button', { name }));
  return fetch;
}

/** The calls that write (booking, moving), leaving out the reads of the day's price and of the terms. */
const writes = (fetch: Awaited<ReturnType<typeof renderRefused>>) =>
  fetch.mock.calls.filter(([url]) => !url.includes('/price?') && !url.includes('/terms?'));

/** Finding 4 of the ASVS review: the caps' and the limit's refusals are said in the API's words. */
describe('ConfirmStep refused by a cap or a limit', () => {
  it('says the cap on upcoming appointments in the API’s words (403)', async () => {
    await renderRefused(403, bookingMessages.tooManyForClient);
    expect(await screen.findByText(bookingMessages.tooManyForClient)).toBeTruthy();
  });

  it('says how long to wait when the bookings of one identity are limited (429)', async () => {
    const message = 'Too many attempts. Please try again in 7 minutes.';
    await renderRefused(429, message);
    expect(await screen.findByText(message)).toBeTruthy();
  });
});

/** Decision 0101: a vet the client named is shown, sent, and their refusal said in the API's words. */
describe('ConfirmStep with a named vet', () => {
  it('says who will see the pet, books with them, and asks to choose another vet when they have left', async () => {
    const fetch = await renderRefused(400, bookingMessages.clinicianUnavailable, {
      clinicianId: 11,
      name: 'Kirsty Doyle',
    });
    expect(screen.getByText('Kirsty Doyle')).toBeTruthy();
    expect(await screen.findByText(bookingMessages.clinicianUnavailable)).toBeTruthy();
    const body = JSON.parse(writes(fetch)[0]?.[1]?.body as string) as { clinicianId?: number };
    expect(body.clinicianId).toBe(11);
  });

  it('books any vet without a clinician, and keeps a 400’s words to itself', async () => {
    const fetch = await renderRefused(400, 'Some detail the client need not read');
    expect(screen.getByText('Vet')).toBeTruthy();
    expect(await screen.findByText(/Submission failed/)).toBeTruthy();
    const body = JSON.parse(writes(fetch)[0]?.[1]?.body as string) as { clinicianId?: number };
    expect(body.clinicianId).toBeUndefined();
  });
});

/** Decision 0101 on the change page: the vet named for the move is sent with it. */
describe('ConfirmStep moving a booking', () => {
  const existing: AppointmentDetail = {
    ...buildAppointment({ appointmentId: 42, petId: 7, petName: 'Biscuit' }),
    notes: null,
    cancellationReasonId: null,
    cancelledAt: null,
    changeableUntil: '2030-05-01T09:00:00.000Z',
    price: null,
  };

  it('moves it to the named vet, and asks to choose another vet when they have left', async () => {
    const fetch = await renderRefused(
      400,
      bookingMessages.clinicianUnavailable,
      { clinicianId: 11, name: 'Kirsty Doyle' },
      existing,
    );
    expect(await screen.findByText(bookingMessages.clinicianUnavailable)).toBeTruthy();
    expect(writes(fetch)[0]?.[0]).toMatch(/\/appointments\/42$/);
    const body = JSON.parse(writes(fetch)[0]?.[1]?.body as string) as { clinicianId?: number };
    expect(body.clinicianId).toBe(11);
  });

  it('says a move refused for a payment in the API’s words (issue 64)', async () => {
    const message = 'This appointment needs a deposit: book it again to pay it.';
    await renderRefused(409, message, null, existing, null, null, 'payment_required');
    expect(await screen.findByText(message)).toBeTruthy();
  });

  it('moves it with any vet when none is named', async () => {
    const fetch = await renderRefused(403, bookingMessages.namingOff, null, existing);
    expect(await screen.findByText(bookingMessages.namingOff)).toBeTruthy();
    const body = JSON.parse(writes(fetch)[0]?.[1]?.body as string) as { clinicianId?: number };
    expect(body.clinicianId).toBeUndefined();
  });
});

/** Decision 0117: a visit moved as one, to the vet named; a time taken meanwhile said as for one. */
describe('ConfirmStep moving a visit', () => {
  const existing: AppointmentDetail = {
    ...buildAppointment({ appointmentId: 42, petId: 7, petName: 'Biscuit' }),
    notes: null,
    cancellationReasonId: null,
    cancelledAt: null,
    changeableUntil: '2030-05-01T09:00:00.000Z',
    price: null,
  };
  const visit = { visitId: '0f8fad5b-d9cb-469f-a165-70867728950e', withPets: [{ petId: 8, name: 'Mango' }] };

  it('moves the whole visit with the vet named, and says a taken time as a single change does', async () => {
    const fetch = await renderRefused(
      409,
      bookingMessages.slotTaken,
      { clinicianId: 11, name: 'Kirsty Doyle' },
      existing,
      visit,
    );
    expect(screen.getByRole('heading', { name: 'Check the new time' })).toBeTruthy();
    expect(screen.getByText(/Biscuit at .*, then Mango at /)).toBeTruthy();
    expect(await screen.findByText(bookingMessages.slotTaken)).toBeTruthy();
    expect(screen.getByText('Choose another time.')).toBeTruthy();
    expect(writes(fetch)[0]?.[0]).toMatch(new RegExp(`/appointments/visits/${visit.visitId}$`));
    const body = JSON.parse(writes(fetch)[0]?.[1]?.body as string) as Record<string, unknown>;
    expect(body).toEqual({ startsAt: '2030-05-02T09:00:00.000Z', clinicianId: 11 });
  });
});

/** Issue 62: the check step says who owns the practice and the written prescription notice, with its fee. */
describe('ConfirmStep’s notices', () => {
  it('names the practice’s owner and its written prescription fees', async () => {
    await renderRefused(403, bookingMessages.tooManyForClient);
    expect(
      await screen.findByText('Willowbrook Vets Clapham is owned by Willowbrook Veterinary Group Ltd.'),
    ).toBeTruthy();
    const notice = screen.getByTestId('written-prescription-notice');
    expect(notice.textContent).toContain('Medicines from a pharmacy of your choice');
    expect(notice.textContent).toContain(
      'The practice’s fee for a written prescription is £18.50 for the first medicine and £9.00 for each further medicine',
    );
  });
});

/** Issue 62: the price of the chosen day, for the pet, on the step where the client commits. */
describe('ConfirmStep price', () => {
  const existing: AppointmentDetail = {
    ...buildAppointment({ appointmentId: 42, petId: 7, petName: 'Biscuit' }),
    notes: null,
    cancellationReasonId: null,
    cancelledAt: null,
    changeableUntil: '2030-05-01T09:00:00.000Z',
    price: { amountPence: 5100, includes: null },
  };

  it("asks for the chosen day's price for the pet, and shows it before the client commits", async () => {
    const price = { amountPence: 5400, includes: 'The examination' };
    const fetch = await renderRefused(403, bookingMessages.namingOff, null, null, null, price);
    expect(await screen.findByText('Price: From £54.00 · Includes: The examination')).toBeTruthy();
    const read = fetch.mock.calls.find(([url]) => url.includes('/price?'))?.[0];
    expect(read).toMatch(/\/practices\/3\/appointment-reasons\/5\/price\?date=2030-05-02&petId=7$/);
  });

  it('says when none is published for the day', async () => {
    await renderRefused(403, bookingMessages.namingOff, null, null, null, null);
    expect(await screen.findByText(noPriceText)).toBeTruthy();
  });

  it('says a move changes the price, and what it was', async () => {
    await renderRefused(403, bookingMessages.namingOff, null, existing, null, {
      amountPence: 5400,
      includes: null,
    });
    expect(await screen.findByText('The price is now From £54.00 (was From £51.00).')).toBeTruthy();
  });

  it('says the price plainly when a move keeps it', async () => {
    await renderRefused(403, bookingMessages.namingOff, null, existing, null, {
      amountPence: 5100,
      includes: null,
    });
    expect(await screen.findByText('Price: From £51.00')).toBeTruthy();
    expect(screen.queryByText(/The price is now/)).toBeNull();
  });
});
