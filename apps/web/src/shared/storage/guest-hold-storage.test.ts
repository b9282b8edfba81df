import { softBookingSchema, type SoftBooking } from '@vet/contracts/guest-bookings';
import { describe, expect, it } from 'vitest';
import {
  afterLinkingDestination,
  clearStoredGuestHold,
  readSoftBooking,
  readStoredGuestHold,
  storeGuestHold,
} from './guest-hold-storage';
import { CLEARED_ON_LOGOUT, LOCAL_STORAGE_KEYS } from './storage-keys';
import { memoryStorage } from '@/testing/memory-storage';

const hold: SoftBooking = {
  softBookingId: '0b7d3f4e-2a51-4c8e-9f3a-6d1e2b3c4a5f',
  practiceId: 1,
  appointmentReasonId: 2,
  speciesId: 3,
  petName: 'Biscuit',
  slot: { startsAt: '2026-11-30T09:30:00.000Z', endsAt: '2026-11-30T09:45:00.000Z' },
  expiresAt: '2026-11-23T10:15:00.000Z',
  extensionsLeft: 3,
};

describe('the stored guest hold', () => {
  it('is kept, read back and forgotten', () => {
    const store = memoryStorage();
    expect(readStoredGuestHold(store)).toBeNull();
    storeGuestHold(hold, store);
    expect(readStoredGuestHold(store)).toEqual(hold);
    clearStoredGuestHold(store);
    expect(readStoredGuestHold(store)).toBeNull();
  });

  it('reads anything else kept under its key as no hold', () => {
    const store = memoryStorage();
    store.setItem(LOCAL_STORAGE_KEYS.guestHold, '{"softBookingId":"not-a-uuid"}');
    expect(readStoredGuestHold(store)).toBeNull();
    store.setItem(LOCAL_STORAGE_KEYS.guestHold, 'not json');
    expect(readStoredGuestHold(store)).toBeNull();
  });

  it('is read by hand as the contract reads it: a hold, or no hold for any field missing or wrong', () => {
    expect(softBookingSchema.parse(hold)).toEqual(hold);
    expect(readSoftBooking({ ...hold, extra: true })).toEqual(hold);
    const wrong: unknown[] = ['', 'x', -1, 1.5, null, {}, '2026-13-45T99:00:00Z'];
    const variants: Record<string, unknown>[] = [];
    for (const key of Object.keys(hold)) {
      const { [key]: _left, ...without } = hold as unknown as Record<string, unknown>;
      variants.push(without, ...wrong.map((value) => ({ ...hold, [key]: value })));
    }
    for (const key of ['startsAt', 'endsAt']) {
      variants.push(...wrong.map((value) => ({ ...hold, slot: { ...hold.slot, [key]: value } })));
    }
    for (const variant of variants) {
      const contract = softBookingSchema.safeParse(variant);
      expect(readSoftBooking(variant), JSON.stringify(variant)).toEqual(
        contract.success ? contract.data : null,
      );
    }
  });

  it('sends a newly linked client to /guest/complete while a hold is kept, and home otherwise', () => {
    const store = memoryStorage();
    expect(afterLinkingDestination(store)).toBe('/');
    storeGuestHold(hold, store);
    expect(afterLinkingDestination(store)).toBe('/guest/complete');
  });

  it('is cleared at logout', () => {
    expect(CLEARED_ON_LOGOUT.local).toContain(LOCAL_STORAGE_KEYS.guestHold);
  });
});
