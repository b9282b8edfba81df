import { SESSION_STORAGE_KEYS } from './storage-keys';

/**
 * R3.15: whether the "Register your pet" dialog has been seen in this browser session, so that the pets
 * page opens it by itself at most once (logout clears it, R4.11). Storage can be unavailable (privacy
 * modes): then the dialog counts as seen, rather than opening on every visit.
 */
type Store = Pick<Storage, 'getItem' | 'setItem'>;

function sessionStore(): Store | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    return undefined;
  }
}

export function wasPetRegisterModalSeen(store = sessionStore()): boolean {
  try {
    return store === undefined || store.getItem(SESSION_STORAGE_KEYS.petRegisterModalSeen) === '1';
  } catch {
    return true;
  }
}

export function markPetRegisterModalSeen(store = sessionStore()): void {
  try {
    store?.setItem(SESSION_STORAGE_KEYS.petRegisterModalSeen, '1');
  } catch {
    // Storage refused: nothing to remember it in.
  }
}
