// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { bookingMessages } from '@vet/contracts/booking-rules';
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
          existing={null}
          vet={vet}
          onChooseAgain={vi.fn()}
          onAlternative={vi.fn()}
          onDone={vi.fn()}
        />
      </ApiClientProvider>
    </QueryClientProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Confirm booking' }));
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
