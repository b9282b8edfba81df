import type { SoftBooking } from '@vet/contracts/guest-bookings';
import { LOCAL_STORAGE_KEYS, SESSION_STORAGE_KEYS } from './storage-keys';

export { afterLinkingDestination } from './after-linking';

/**
 * A guest's hold (R4.24, R4.25) as the browser keeps it between holding a time and completing it after
 * sign-up. Local storage, not session storage: the guest may read the sign-up e-mail and come back in
 * another tab. The hold's id is its bearer token; it lives an hour at most, and is forgotten when it is
 * completed, let go, or at logout. Storage can be unavailable (privacy modes): then nothing is kept.
 * Shared, because the guest pages hold the time and onboarding decides where a newly linked client goes.
 */
type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function browserLocalStorage(): Store | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isInteger = (value: unknown): value is number => Number.isInteger(value);
const isInstant = (value: unknown): value is string =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(Date.parse(value));

/**
 * What was kept, if it is a hold (`softBookingSchema`'s shape), checked by hand: zod stays out of the
 * browser (decision 0032). A value from an older version of the page, or changed by hand, is no hold.
 */
export function readSoftBooking(value: unknown): SoftBooking | null {
  if (typeof value !== 'object' || value === null) return null;
  const kept = value as Record<string, unknown>;
  const slot = (typeof kept.slot === 'object' && kept.slot !== null ? kept.slot : {}) as Record<
    string,
    unknown
  >;
  const { softBookingId, practiceId, appointmentReasonId, speciesId, petName, expiresAt, extensionsLeft } =
    kept;
  const { startsAt, endsAt } = slot;
  const valid =
    typeof softBookingId === 'string' &&
    uuid.test(softBookingId) &&
    isInteger(practiceId) &&
    isInteger(appointmentReasonId) &&
    isInteger(speciesId) &&
    typeof petName === 'string' &&
    isInstant(startsAt) &&
    isInstant(endsAt) &&
    isInstant(expiresAt) &&
    isInteger(extensionsLeft) &&
    extensionsLeft >= 0;
  return valid
    ? {
        softBookingId,
        practiceId,
        appointmentReasonId,
        speciesId,
        petName,
        slot: { startsAt, endsAt },
        expiresAt,
        extensionsLeft,
      }
    : null;
}

export function readStoredGuestHold(store = browserLocalStorage()): SoftBooking | null {
  try {
    const text = store?.getItem(LOCAL_STORAGE_KEYS.guestHold);
    if (!text) return null;
    return readSoftBooking(JSON.parse(text));
  } catch {
    return null;
  }
}

export function storeGuestHold(hold: SoftBooking, store = browserLocalStorage()): void {
  try {
    store?.setItem(LOCAL_STORAGE_KEYS.guestHold, JSON.stringify(hold));
  } catch {
    // Storage refused: the hold lives on the server; this browser just cannot find it again after sign-up.
  }
}

export function clearStoredGuestHold(store = browserLocalStorage()): void {
  try {
    store?.removeItem(LOCAL_STORAGE_KEYS.guestHold);
  } catch {
    // Nothing stored to clear.
  }
}

/**
 * The held time's practice, kept as the `practice` parameter is (R2.2, R3.15): the new-client form after
 * sign-up then starts on the practice the guest chose.
 */
export function rememberHoldPractice(practiceId: number): void {
  try {
    window.sessionStorage.setItem(SESSION_STORAGE_KEYS.practice, String(practiceId));
  } catch {
    // Storage refused: the form starts with no practice chosen.
  }
}
