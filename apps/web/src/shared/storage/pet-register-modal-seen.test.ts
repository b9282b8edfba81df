import { describe, expect, it } from 'vitest';
import { markPetRegisterModalSeen, wasPetRegisterModalSeen } from './pet-register-modal-seen';
import { CLEARED_ON_LOGOUT, SESSION_STORAGE_KEYS } from './storage-keys';
import { memoryStorage } from '@/testing/memory-storage';

describe('the pet-register dialog’s seen flag (R3.15)', () => {
  it('is unset in a fresh session, and set once the dialog has been seen', () => {
    const store = memoryStorage();
    expect(wasPetRegisterModalSeen(store)).toBe(false);
    markPetRegisterModalSeen(store);
    expect(store.items.get(SESSION_STORAGE_KEYS.petRegisterModalSeen)).toBe('1');
    expect(wasPetRegisterModalSeen(store)).toBe(true);
  });

  it('counts as seen when storage is unavailable, so the dialog never nags', () => {
    expect(wasPetRegisterModalSeen(undefined)).toBe(true);
    const refusing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(wasPetRegisterModalSeen(refusing)).toBe(true);
    expect(() => markPetRegisterModalSeen(refusing)).not.toThrow();
  });

  it('is cleared at logout (R4.11)', () => {
    expect(CLEARED_ON_LOGOUT.session).toContain(SESSION_STORAGE_KEYS.petRegisterModalSeen);
  });
});
