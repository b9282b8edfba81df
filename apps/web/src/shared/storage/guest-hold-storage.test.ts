import type { SoftBooking } from '@vet/contracts/guest-bookings';
import { describe, expect, it } from 'vitest';
import {
  afterLinkingDestination,
  clearStoredGuestHold,
  readStoredGuestHold,
  storeGuestHold,
} from './guest-hold-storage';
import { CLEARED_ON_LOGOUT, LOCAL_STORAGE_KEYS } from './storage-keys';

function memoryStore() {
  const values = new Map<string, string>();
  return {
    values,
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  };
}

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
    const store = memoryStore();
    expect(readStoredGuestHold(store)).toBeNull();
    storeGuestHold(hold, store);
    expect(readStoredGuestHold(store)).toEqual(hold);
    clearStoredGuestHold(store);
    expect(readStoredGuestHold(store)).toBeNull();
  });

  it('reads anything else kept under its key as no hold', () => {
    const store = memoryStore();
    store.setItem(LOCAL_STORAGE_KEYS.guestHold, '{"softBookingId":"not-a-uuid"}');
    expect(readStoredGuestHold(store)).toBeNull();
    store.setItem(LOCAL_STORAGE_KEYS.guestHold, 'not json');
    expect(readStoredGuestHold(store)).toBeNull();
  });

  it('sends a newly linked client to /guest/complete while a hold is kept, and home otherwise', () => {
    const store = memoryStore();
    expect(afterLinkingDestination(store)).toBe('/');
    storeGuestHold(hold, store);
    expect(afterLinkingDestination(store)).toBe('/guest/complete');
  });

  it('is cleared at logout', () => {
    expect(CLEARED_ON_LOGOUT.local).toContain(LOCAL_STORAGE_KEYS.guestHold);
  });
});
