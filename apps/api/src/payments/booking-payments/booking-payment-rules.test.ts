import { describe, expect, it } from 'vitest';
import { decide, type BookingFacts } from './booking-payment-rules.ts';

const now = new Date('2026-12-01T09:00:00Z');
const startsAt = new Date('2026-12-03T10:00:00Z');
const hour = 3_600_000;

/** A deposit paid for an appointment on 3 December with a 24-hour cut-off, booked and untouched. */
const facts = (
  change: Partial<BookingFacts> = {},
  appointment: Partial<NonNullable<BookingFacts['appointment']>> = {},
): BookingFacts => ({
  purpose: 'deposit',
  status: 'paid',
  refundUntil: new Date(startsAt.getTime() - 24 * hour),
  cutoffMinutes: 24 * 60,
  authorisedAt: null,
  appointment: {
    status: 'Booked',
    startsAt,
    cancelledAt: null,
    cancelledBy: null,
    cancelledAsPetDied: false,
    ...appointment,
  },
  refund: null,
  ...change,
});

/** Decision 0158's rules as a table: what each end of an appointment does to its deposit or hold. */
describe('the rules after booking', () => {
  it.each([
    [
      'a deposit, cancelled by the owner before the cut-off',
      facts({}, { status: 'Cancelled', cancelledAt: now, cancelledBy: 'client' }),
      { kind: 'refund', reason: 'cancelled_in_time' },
    ],
    [
      'a deposit, cancelled by the owner after it',
      facts(
        {},
        { status: 'Cancelled', cancelledAt: new Date(startsAt.getTime() - hour), cancelledBy: 'client' },
      ),
      { kind: 'keep' },
    ],
    [
      'a deposit, cancelled by the practice at any time',
      facts(
        {},
        { status: 'Cancelled', cancelledAt: new Date(startsAt.getTime() - hour), cancelledBy: 'practice' },
      ),
      { kind: 'refund', reason: 'cancelled_by_practice' },
    ],
    [
      'a deposit, its visit cancelled late because the pet died',
      facts(
        {},
        {
          status: 'Cancelled',
          cancelledAt: new Date(startsAt.getTime() - hour),
          cancelledBy: 'client',
          cancelledAsPetDied: true,
        },
      ),
      { kind: 'refund', reason: 'pet_died' },
    ],
    [
      'a hold, its visit cancelled late because the pet died',
      facts(
        { purpose: 'card_hold', status: 'authorised', authorisedAt: now },
        {
          status: 'Cancelled',
          cancelledAt: new Date(startsAt.getTime() - hour),
          cancelledBy: 'client',
          cancelledAsPetDied: true,
        },
      ),
      { kind: 'void', reason: 'pet_died' },
    ],
    [
      'a deposit whose time was not kept',
      facts({ appointment: null }),
      { kind: 'refund', reason: 'time_not_kept' },
    ],
    ['a deposit of a no-show', facts({}, { status: 'NoShow' }), { kind: 'keep' }],
    [
      'a deposit, moved later and cancelled before the new cut-off',
      facts(
        {},
        {
          startsAt: new Date(startsAt.getTime() + 72 * hour),
          status: 'Cancelled',
          cancelledAt: new Date(startsAt.getTime() + hour),
          cancelledBy: 'client',
        },
      ),
      { kind: 'refund', reason: 'cancelled_in_time' },
    ],
    [
      'a hold of an owner who came',
      facts({ purpose: 'card_hold', status: 'authorised', authorisedAt: now }, { status: 'Completed' }),
      { kind: 'void', reason: 'attended' },
    ],
    [
      'a hold of a no-show',
      facts({ purpose: 'card_hold', status: 'authorised', authorisedAt: now }, { status: 'NoShow' }),
      { kind: 'capture', reason: 'no_show' },
    ],
    [
      'a hold on its sixth day before the visit',
      facts({
        purpose: 'card_hold',
        status: 'authorised',
        authorisedAt: new Date(now.getTime() - 6 * 24 * hour),
      }),
      { kind: 'capture', reason: 'hold_lapsing' },
    ],
    [
      'a hold on its sixth day after a visit with no outcome',
      facts(
        { purpose: 'card_hold', status: 'authorised', authorisedAt: new Date(now.getTime() - 6 * 24 * hour) },
        { startsAt: new Date(now.getTime() - hour) },
      ),
      null,
    ],
    ['a deposit of a visit still ahead', facts(), null],
    [
      'a deposit already refunded',
      facts({ status: 'refunded' }, { status: 'Cancelled', cancelledAt: now, cancelledBy: 'client' }),
      null,
    ],
  ])('%s', (_label, given, expected) => {
    expect(decide(given, now)).toEqual(expected);
  });
});
