// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { guestMessages } from '@vet/contracts/guest-rules';
import { buildAppointment } from '@vet/contracts/testing/builders';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '@/shared/api/api-client';
import { ApiClientProvider } from '@/shared/api/api-client-context';
import { createQueryClient } from '@/shared/query/query-client';
import { storeGuestHold } from '@/shared/storage/guest-hold-storage';
import { GuestCompletion } from './guest-completion';

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

const holdId = '6f1c9a52-4d1e-4a8b-9c3e-2b7d5e8f0a14';
const alternative = { startsAt: '2030-05-02T10:00:00.000Z', endsAt: '2030-05-02T10:15:00.000Z' };
const reason = {
  appointmentReasonId: 5,
  name: 'Vaccination',
  durationMinutes: 15,
  clinicianType: 'Vet',
  isInitialConsultation: false,
  speciesIds: [],
};

/** The practice's prices, owner and written-prescription fee (GET /practices/3/prices). */
const prices = {
  ownerName: 'Willowbrook Veterinary Group Ltd',
  writtenPrescriptionFees: { firstPence: 1850, furtherPence: 900 },
  reasons: [],
  priceList: { lines: [], lastUpdated: null, vatIncluded: true },
};

/** Finding 7 of the ASVS review: a nearest free time is booked by the completion itself. */
describe('GuestCompletion, when the held time has gone', () => {
  it('books the nearest free time chosen by completing the hold at it, without replacing the hold', async () => {
    storeGuestHold({
      softBookingId: holdId,
      practiceId: 3,
      appointmentReasonId: 5,
      speciesId: 1,
      petName: 'Pepper',
      slot: { startsAt: '2030-05-02T09:00:00.000Z', endsAt: '2030-05-02T09:15:00.000Z' },
      expiresAt: '2020-01-01T10:00:00.000Z',
      extensionsLeft: 3,
    });
    const appointment = {
      ...buildAppointment({ startsAt: alternative.startsAt, petName: 'Pepper' }),
      notes: null,
      cancellationReasonId: null,
      cancelledAt: null,
      changeableUntil: '2030-05-02T08:00:00.000Z',
    };
    const posts: { url: string; body: unknown }[] = [];
    const fetch = vi.fn((url: string, init: RequestInit = {}) => {
      if (init.method !== 'POST')
        return Promise.resolve(
          Response.json(url.endsWith('/prices') ? prices : url.includes('reasons') ? [reason] : []),
        );
      posts.push({ url, body: JSON.parse(init.body as string) as unknown });
      return Promise.resolve(
        posts.length === 1
          ? Response.json(
              {
                statusCode: 409,
                error: 'Conflict',
                message: guestMessages.slotGone,
                alternatives: [alternative],
              },
              { status: 409 },
            )
          : Response.json(appointment, { status: 201 }),
      );
    });
    const api = createApiClient({
      fetch: fetch as unknown as typeof globalThis.fetch,
      getStorage: () => undefined,
    });
    const onBooked = vi.fn();
    render(
      <QueryClientProvider client={createQueryClient()}>
        <ApiClientProvider client={api}>
          <GuestCompletion practiceName={() => 'Willowbrook Vets Clapham'} onBooked={onBooked} />
        </ApiClientProvider>
      </QueryClientProvider>,
    );

    fireEvent.click(await screen.findByRole('radio', { name: 'Female' }));
    fireEvent.click(screen.getByRole('button', { name: 'Book this appointment' }));
    const others = await screen.findByRole('group', { name: 'Other times (UK time)' });
    fireEvent.click(within(others).getAllByRole('button')[0]!);
    await waitFor(() => expect(onBooked).toHaveBeenCalledWith(appointment));
    expect(posts).toEqual([
      { url: `/bff/guest/soft-bookings/${holdId}/complete`, body: { petSex: 'Female' } },
      {
        url: `/bff/guest/soft-bookings/${holdId}/complete`,
        body: { petSex: 'Female', startsAt: alternative.startsAt },
      },
    ]);
  });
});

/** A hold of Pepper (species 2) at practice 3, live until 2030. */
function storeLiveHold() {
  storeGuestHold({
    softBookingId: holdId,
    practiceId: 3,
    appointmentReasonId: 5,
    speciesId: 2,
    petName: 'Pepper',
    slot: { startsAt: '2030-05-02T09:00:00.000Z', endsAt: '2030-05-02T09:15:00.000Z' },
    expiresAt: '2030-05-01T10:00:00.000Z',
    extensionsLeft: 3,
  });
}

/** The completion of that hold, its API answered by `fetch`. */
function renderCompletion(fetch: (url: string) => Promise<Response>) {
  const api = createApiClient({
    fetch: fetch as unknown as typeof globalThis.fetch,
    getStorage: () => undefined,
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ApiClientProvider client={api}>
        <GuestCompletion practiceName={() => 'Willowbrook Vets Clapham'} onBooked={vi.fn()} />
      </ApiClientProvider>
    </QueryClientProvider>,
  );
}

/** Issue 62: the held time's price for the guest's animal, before the client books it. */
describe('GuestCompletion price', () => {
  it("asks the held day's price for the guest's species and shows it", async () => {
    storeLiveHold();
    const fetch = vi.fn((url: string) =>
      Promise.resolve(
        Response.json(
          url.includes('/price?')
            ? { date: '2030-05-02', price: { amountPence: 3900, includes: null } }
            : url.endsWith('/prices')
              ? prices
              : url.includes('reasons')
                ? [reason]
                : [],
        ),
      ),
    );
    renderCompletion(fetch);
    expect(await screen.findByText('Price: From £39.00')).toBeTruthy();
    const read = fetch.mock.calls.map(([url]) => url).find((url) => url.includes('/price?'));
    expect(read).toMatch(/\/practices\/3\/appointment-reasons\/5\/price\?date=2030-05-02&speciesId=2$/);
  });
});

/** Issue 62 (decision 0148): a guest's booking, too, says who owns the practice and its prescription fee. */
describe('GuestCompletion notices', () => {
  it('names the practice’s owner and its written-prescription fee under the actions', async () => {
    storeLiveHold();
    const fetch = vi.fn((url: string) =>
      Promise.resolve(
        Response.json(url.endsWith('/practices/3/prices') ? prices : url.includes('reasons') ? [reason] : []),
      ),
    );
    renderCompletion(fetch);
    expect(await screen.findByText(/The practice’s fee for a written prescription is £18\.50/)).toBeTruthy();
    expect(
      screen.getByText(/Willowbrook Vets Clapham is owned by Willowbrook Veterinary Group Ltd/),
    ).toBeTruthy();
  });
});
