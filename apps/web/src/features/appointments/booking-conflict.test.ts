import { bookingConflictSchema } from '@vet/contracts/appointment-booking';
import { describe, expect, it } from 'vitest';
import { readBookingConflict } from './booking-conflict';

const slot = { startsAt: '2026-11-30T09:30:00.000Z', endsAt: '2026-11-30T09:45:00.000Z' };
const taken = {
  statusCode: 409,
  error: 'Conflict',
  message: 'That time was just taken.',
  alternatives: [slot],
};

describe('readBookingConflict', () => {
  it('reads the message and the nearest free times of a 409, as the contract does', () => {
    expect(readBookingConflict(taken)).toEqual({ message: taken.message, alternatives: [slot] });
    expect(bookingConflictSchema.parse(taken)).toMatchObject(readBookingConflict(taken) ?? {});
  });

  it('reads a refusal without times as a message alone', () => {
    expect(readBookingConflict({ statusCode: 409, error: 'Conflict', message: 'Held elsewhere.' })).toEqual({
      message: 'Held elsewhere.',
    });
  });

  it('reads a body of another shape as nothing', () => {
    for (const body of [
      null,
      'Bad gateway',
      { message: 7 },
      { ...taken, alternatives: [{ startsAt: 1 }] },
      { ...taken, alternatives: 'soon' },
    ]) {
      expect(readBookingConflict(body), JSON.stringify(body)).toBeNull();
      expect(bookingConflictSchema.safeParse(body).success).toBe(false);
    }
  });
});
