import { SESSION_STORAGE_KEYS } from '@/shared/storage/storage-keys';
import { browserSessionStorage, read, write } from './session-store';

/** The `practice` query parameter, kept for the registration forms (R2.2, R3.15). */
export function storePractice(practice: string, store = browserSessionStorage()): void {
  write(store, { [SESSION_STORAGE_KEYS.practice]: practice });
}

/** A practice id as a query or storage carries it; anything but a positive whole number is none. */
export function parsePracticeId(value: string | null): number | null {
  const id = Number(value ?? '');
  return Number.isInteger(id) && id > 0 ? id : null;
}

export function readStoredPractice(store = browserSessionStorage()): number | null {
  return parsePracticeId(read(store, SESSION_STORAGE_KEYS.practice));
}
