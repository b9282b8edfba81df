// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { AppointmentDetail } from '@vet/contracts/appointment-booking';
import { bookingMessages } from '@vet/contracts/booking-rules';
import { buildAppointment } from '@vet/contracts/testing/builders';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '@/shared/api/api-client';
import { ApiClientProvider } from '@/shared/api/api-client-context';
import { createQueryClient } from '@/shared/query/query-client';
import { ConfirmStep } from './booking-confirm-step';

afterEach(cleanup);

/** The confirm step against an API that refuses the booking with `status` and `message`. */
function renderRefused(
  status: number,
  message: string,
  vet: { clinicianId: number; name: string } | null = null,
  existing: AppointmentDetail | null = null,
  visit: { visitId: string; withPets: { petId: number; name: string }[] } | null = null,
) {
  const fetch = vi.fn((_url: string, _init?: RequestInit) =>
    Promise.resolve(Response.json({ statusCode: status, error: 'Refused', message }, { status })),
  );
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
  fireEvent.click(screen.getByRole('button', { name: existing ? 'Confirm change' : 'Confirm booking' }));
  return fetch;
}

/** Finding 4 of the ASVS review: the caps' and the limit's refusals are said in the API's words. */
describe('ConfirmStep refused by a cap or a limit', () => {
  it('says the cap on upcoming appointments in the API’s words (403)', async () => {
    renderRefused(403, bookingMessages.tooManyForClient);
    expect(await screen.findByText(bookingMessages.tooManyForClient)).toBeTruthy();
  });

  it('says how long to wait when the bookings of one identity are limited (429)', async () => {
    const message = 'Too many attempts. Please try again in 7 minutes.';
    renderRefused(429, message);
    expect(await screen.findByText(message)).toBeTruthy();
  });
});

/** Decision 0101: a vet the client named is shown, sent, and their refusal said in the API's words. */
describe('ConfirmStep with a named vet', () => {
  it('says who will see the pet, books with them, and asks to choose another vet when they have left', async () => {
    const fetch = renderRefused(400, bookingMessages.clinicianUnavailable, {
      clinicianId: 11,
      name: 'Kirsty Doyle',
    });
    expect(screen.getByText('Kirsty Doyle')).toBeTruthy();
    expect(await screen.findByText(bookingMessages.clinicianUnavailable)).toBeTruthy();
    const body = JSON.parse(fetch.mock.calls[0]?.[1]?.body as string) as { clinicianId?: number };
    expect(body.clinicianId).toBe(11);
  });

  it('books any vet without a clinician, and keeps a 400’s words to itself', async () => {
    const fetch = renderRefused(400, 'Some detail the client need not read');
    expect(screen.getByText('Vet')).toBeTruthy();
    expect(await screen.findByText(/Submission failed/)).toBeTruthy();
    const body = JSON.parse(fetch.mock.calls[0]?.[1]?.body as string) as { clinicianId?: number };
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
    const fetch = renderRefused(
      400,
      bookingMessages.clinicianUnavailable,
      { clinicianId: 11, name: 'Kirsty Doyle' },
      existing,
    );
    expect(await screen.findByText(bookingMessages.clinicianUnavailable)).toBeTruthy();
    expect(fetch.mock.calls[0]?.[0]).toMatch(/\/appointments\/42$/);
    const body = JSON.parse(fetch.mock.calls[0]?.[1]?.body as string) as { clinicianId?: number };
    expect(body.clinicianId).toBe(11);
  });

  it('moves it with any vet when none is named', async () => {
    const fetch = renderRefused(403, bookingMessages.namingOff, null, existing);
    expect(await screen.findByText(bookingMessages.namingOff)).toBeTruthy();
    const body = JSON.parse(fetch.mock.calls[0]?.[1]?.body as string) as { clinicianId?: number };
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
    const fetch = renderRefused(
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
    expect(fetch.mock.calls[0]?.[0]).toMatch(new RegExp(`/appointments/visits/${visit.visitId}$`));
    const body = JSON.parse(fetch.mock.calls[0]?.[1]?.body as string) as Record<string, unknown>;
    expect(body).toEqual({ startsAt: '2030-05-02T09:00:00.000Z', clinicianId: 11 });
  });
});
