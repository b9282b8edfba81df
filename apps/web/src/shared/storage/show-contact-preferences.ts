import { LOCAL_STORAGE_KEYS } from './storage-keys';

/**
 * R3.16, R4.3: the local-storage flag showContactPreferences, '0' (the default when missing) until the
 * contact-preference redirect has happened in this browser, then '1'. Logout clears it (R4.11). Storage
 * can be unavailable (privacy modes): then the redirect counts as done, rather than firing on every page.
 */
type Store = Pick<Storage, 'getItem' | 'setItem'>;

function localStore(): Store | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

/** The stored flag, '0' when missing; '1' when storage cannot be read. */
export function readShowContactPreferences(store = localStore()): string {
  try {
    if (store === undefined) return '1';
    return store.getItem(LOCAL_STORAGE_KEYS.showContactPreferences) ?? '0';
  } catch {
    return '1';
  }
}

export function markContactPreferencesShown(store = localStore()): void {
  try {
    store?.setItem(LOCAL_STORAGE_KEYS.showContactPreferences, '1');
  } catch {
    // Storage refused: nothing to remember it in.
  }
}
