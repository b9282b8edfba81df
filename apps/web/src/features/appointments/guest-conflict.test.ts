import { guestMessages } from '@vet/contracts/guest-rules';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/shared/api/api-client';
import { guestFailure } from './guest-conflict';

const conflict = (message: string) =>
  new ApiError('/bff/guest/soft-bookings/x', 409, { statusCode: 409, error: 'Conflict', message });

describe('guestFailure', () => {
  it('forgets a hold held too long ago to book, as one completed or replaced', () => {
    expect(guestFailure(conflict(guestMessages.holdTooOld))).toEqual({
      kind: 'gone',
      message: guestMessages.holdTooOld,
      completed: false,
    });
  });

  it('holds again a hold that ended, which can be neither moved nor extended', () => {
    expect(guestFailure(conflict(guestMessages.holdExpired))).toEqual({
      kind: 'ended',
      message: guestMessages.holdExpired,
    });
  });

  it('says plainly that the practice gave the time away, unless the nearest free times come with it', () => {
    expect(guestFailure(conflict(guestMessages.holdGivenAway))).toEqual({
      kind: 'givenAway',
      message: guestMessages.holdGivenAway,
    });
    const withTimes = new ApiError('/bff/guest/soft-bookings/x/complete', 409, {
      statusCode: 409,
      error: 'Conflict',
      message: guestMessages.holdGivenAway,
      alternatives: [],
    });
    expect(guestFailure(withTimes)).toEqual({
      kind: 'taken',
      message: guestMessages.holdGivenAway,
      alternatives: [],
    });
  });
});
