// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { SoftBooking } from '@vet/contracts/guest-bookings';
import { guestMessages, type SoftBookingState } from '@vet/contracts/guest-rules';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '@/shared/api/api-client';
import { ApiClientProvider } from '@/shared/api/api-client-context';
import { createQueryClient } from '@/shared/query/query-client';
import { GuestHoldView, type GuestHoldViewProps } from './guest-hold-view';

afterEach(cleanup);

const ended: SoftBooking = {
  softBookingId: '6f1c9a52-4d1e-4a8b-9c3e-2b7d5e8f0a14',
  practiceId: 3,
  appointmentReasonId: 5,
  speciesId: 1,
  petName: 'Pepper',
  slot: { startsAt: '2030-05-02T09:00:00.000Z', endsAt: '2030-05-02T09:15:00.000Z' },
  expiresAt: '2020-01-01T10:00:00.000Z',
  extensionsLeft: 2,
};
const details = {
  petName: 'Pepper',
  firstName: 'Robin',
  lastName: 'Guestley',
  email: 'robin@example.test',
  mobile: '07400 900123',
};

/**
 * The view against a stand-in API: every POST answers a new hold (or `post`'s answer), the hold's state
 * (GET …/state) answers `state` (Ended by default). Only the writes are recorded.
 */
function renderView(
  props: Partial<GuestHoldViewProps> = {},
  api: { state?: SoftBookingState; post?: () => Response } = {},
) {
  const requests: { url: string; body: unknown }[] = [];
  const fresh = {
    ...ended,
    softBookingId: '0b8e4c2a-7f3d-4e1b-a5c9-d2f6e8a0b3c7',
    expiresAt: '2030-01-01T10:00:00.000Z',
  };
  const fetch = vi.fn((url: string, init: RequestInit = {}) => {
    if (url.endsWith('/state')) {
      return Promise.resolve(Response.json({ ...ended, state: api.state ?? 'Ended' }));
    }
    requests.push({
      url,
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    });
    return Promise.resolve(api.post?.() ?? Response.json(fresh, { status: 201 }));
  });
  const client = createApiClient({
    fetch: fetch as unknown as typeof globalThis.fetch,
    getStorage: () => undefined,
  });
  const handlers = { onHeld: vi.fn(), onMove: vi.fn(), onChooseAgain: vi.fn(), onForget: vi.fn() };
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ApiClientProvider client={client}>
        <GuestHoldView
          hold={ended}
          practiceName="Willowbrook Vets Clapham"
          reason={undefined}
          details={null}
          onSignUp={vi.fn()}
          onSignIn={vi.fn()}
          {...handlers}
          {...props}
        />
      </ApiClientProvider>
    </QueryClientProvider>,
  );
  return { requests, fresh, fetch, ...handlers, ...props };
}

/** Finding 3 of the ASVS review: an ended hold is held again as a new hold, never by a replace. */
describe('GuestHoldView, once the hold has ended', () => {
  it('holds the time again as a new hold with the details given on this page', async () => {
    const onHeld = vi.fn();
    const { requests, fresh } = renderView({ details, onHeld });
    fireEvent.click(screen.getByRole('button', { name: 'Hold this time again' }));
    await waitFor(() => expect(onHeld).toHaveBeenCalledWith(fresh));
    expect(requests).toEqual([
      {
        url: '/bff/guest/soft-bookings',
        body: {
          practiceId: 3,
          appointmentReasonId: 5,
          speciesId: 1,
          startsAt: ended.slot.startsAt,
          ...details,
        },
      },
    ]);
  });

  it('asks for the details again when this page no longer has them (after a reload)', () => {
    const { requests, onChooseAgain } = renderView();
    fireEvent.click(screen.getByRole('button', { name: 'Hold this time again' }));
    expect(onChooseAgain).toHaveBeenCalledOnce();
    expect(requests).toEqual([]);
  });

  it('chooses another time as a new hold, not as a move of the ended one', () => {
    const { onMove, onChooseAgain } = renderView({ details });
    fireEvent.click(screen.getByRole('button', { name: 'Choose another time' }));
    expect(onChooseAgain).toHaveBeenCalledOnce();
    expect(onMove).not.toHaveBeenCalled();
  });
});

/** Decision 0063: the practice booked the held time at its desk; the guest is told when they next look. */
describe('GuestHoldView, once the practice has given the time away', () => {
  const live: SoftBooking = { ...ended, expiresAt: '2099-01-01T10:00:00.000Z' };

  it('says so plainly as an alert, moves focus to it, and offers to choose another time', async () => {
    const { onChooseAgain } = renderView({ hold: live }, { state: 'GivenAway' });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(guestMessages.holdGivenAway);
    const heading = screen.getByRole('heading', { name: 'This time is no longer held' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.queryByRole('button', { name: 'Create an account' })).toBeNull();
    expect(screen.queryByRole('button', { name: /15 more minutes/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Choose another time' }));
    expect(onChooseAgain).toHaveBeenCalledWith('givenAway');
  });

  it('says so when an extension is refused because of it', async () => {
    const refusal = () =>
      Response.json(
        { statusCode: 409, error: 'Conflict', message: guestMessages.holdGivenAway },
        { status: 409 },
      );
    renderView(
      { hold: { ...live, expiresAt: new Date(Date.now() + 10 * 60_000).toISOString() } },
      {
        state: 'Held',
        post: refusal,
      },
    );
    fireEvent.click(await screen.findByRole('button', { name: /15 more minutes/ }));
    expect((await screen.findByRole('alert')).textContent).toContain(guestMessages.holdGivenAway);
    expect(screen.getByRole('button', { name: 'Choose another time' })).toBeTruthy();
  });

  it('shows the held time as usual while the hold stands', async () => {
    const { fetch } = renderView({ hold: live }, { state: 'Held' });
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(screen.getByRole('heading', { name: 'We are holding this time for you' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
