import { describe, expect, it } from 'vitest';
import { afterLinkingDestination } from './after-linking';
import { LOCAL_STORAGE_KEYS } from './storage-keys';

const storeWith = (value: string | null) => ({ getItem: () => value });

describe('afterLinkingDestination', () => {
  it('goes home with nothing kept, or with something that is no hold', () => {
    expect(afterLinkingDestination(storeWith(null))).toBe('/');
    expect(afterLinkingDestination(storeWith('not json'))).toBe('/');
    expect(afterLinkingDestination(storeWith('{"practiceId":3}'))).toBe('/');
    expect(afterLinkingDestination(undefined)).toBe('/');
  });

  it('goes to keep the held time when a hold is kept', () => {
    const hold = JSON.stringify({ softBookingId: '4b7e1b8e-2d0c-4c54-9d43-0f2b0c6f3a10' });
    const store = { getItem: (key: string) => (key === LOCAL_STORAGE_KEYS.guestHold ? hold : null) };
    expect(afterLinkingDestination(store)).toBe('/guest/complete');
  });
});
