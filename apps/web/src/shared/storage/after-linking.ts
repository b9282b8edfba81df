import { LOCAL_STORAGE_KEYS } from './storage-keys';

type Store = Pick<Storage, 'getItem'>;

function browserLocalStorage(): Store | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

/**
 * Where a person goes once their account is linked: to keep a held time if one is kept, else home. Only
 * the hold's id is looked at here: the onboarding pages carry no more of guest-hold-storage.ts than this
 * (page weight, decision 0156), and /guest/complete reads the whole hold, saying so when it is not one.
 */
export function afterLinkingDestination(store = browserLocalStorage()): '/guest/complete' | '/' {
  try {
    const kept = JSON.parse(store?.getItem(LOCAL_STORAGE_KEYS.guestHold) ?? 'null') as {
      softBookingId?: unknown;
    } | null;
    return typeof kept?.softBookingId === 'string' ? '/guest/complete' : '/';
  } catch {
    return '/';
  }
}
