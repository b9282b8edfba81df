import { isSerialId } from '@vet/contracts/id-rules';
import {
  verificationCodePattern,
  verificationModes,
  type VerificationMode,
} from '@vet/contracts/verification';
import { SESSION_STORAGE_KEYS } from '@/shared/storage/storage-keys';
import { browserSessionStorage, read, write } from './session-store';

/*
 * What onboarding keeps in session storage while a person goes to the identity provider and back
 * (R3.15): the verification link's values (vCode, vClientId, vMode) and the invitation's parameters
 * (the practice's: stored-practice.ts). Storage can be unavailable (some privacy modes): then nothing is
 * kept, which is not an error (session-store.ts).
 */

/** The verification link's values (`/verified?code=&clientId=&mode=`, R4.17). */
export type VerificationValues = {
  code: string;
  clientId: number | undefined;
  mode: VerificationMode | undefined;
};

function parseVerification(
  code: string | null,
  clientId: string | null,
  mode: string | null,
): VerificationValues | null {
  // The rules of PATCH /client/verify's body (verifyBodySchema), without zod (decision 0032).
  const trimmedCode = (code ?? '').trim();
  if (!verificationCodePattern.test(trimmedCode)) return null;
  const numericClientId = Number(clientId ?? '');
  return {
    code: trimmedCode,
    clientId: clientId && isSerialId(numericClientId) ? numericClientId : undefined,
    mode: (verificationModes as readonly (string | null)[]).includes(mode)
      ? (mode as VerificationMode)
      : undefined,
  };
}

/** The link's values from its query, or null when it carries no usable code. */
export function verificationFromQuery(query: URLSearchParams): VerificationValues | null {
  return parseVerification(query.get('code'), query.get('clientId'), query.get('mode'));
}

export function readStoredVerification(store = browserSessionStorage()): VerificationValues | null {
  return parseVerification(
    read(store, SESSION_STORAGE_KEYS.vCode),
    read(store, SESSION_STORAGE_KEYS.vClientId),
    read(store, SESSION_STORAGE_KEYS.vMode),
  );
}

export function storeVerification(values: VerificationValues, store = browserSessionStorage()): void {
  write(store, {
    [SESSION_STORAGE_KEYS.vCode]: values.code,
    [SESSION_STORAGE_KEYS.vClientId]: values.clientId === undefined ? null : String(values.clientId),
    [SESSION_STORAGE_KEYS.vMode]: values.mode ?? null,
  });
}

export function clearStoredVerification(store = browserSessionStorage()): void {
  write(store, {
    [SESSION_STORAGE_KEYS.vCode]: null,
    [SESSION_STORAGE_KEYS.vClientId]: null,
    [SESSION_STORAGE_KEYS.vMode]: null,
  });
}

/** The invitation's parameters (`/invite?rc=&ln=`, R4.18) as PATCH /client/activate takes them. */
export type InvitationValues = { registrationCode: string; lastName: string };

/** The invitation from its query, or null without both parameters. */
export function invitationFromQuery(query: URLSearchParams): InvitationValues | null {
  const registrationCode = query.get('rc')?.trim() ?? '';
  const lastName = query.get('ln')?.trim() ?? '';
  return registrationCode && lastName ? { registrationCode, lastName } : null;
}

export function readStoredInvitation(store = browserSessionStorage()): InvitationValues | null {
  const text = read(store, SESSION_STORAGE_KEYS.registrationParams);
  if (!text) return null;
  try {
    const { rc, ln } = JSON.parse(text) as { rc?: unknown; ln?: unknown };
    return typeof rc === 'string' && typeof ln === 'string' && rc && ln
      ? { registrationCode: rc, lastName: ln }
      : null;
  } catch {
    return null;
  }
}

export function storeInvitation(values: InvitationValues, store = browserSessionStorage()): void {
  // Kept under the query's own names: they are the "registration query parameters" (R3.15).
  write(store, {
    [SESSION_STORAGE_KEYS.registrationParams]: JSON.stringify({
      rc: values.registrationCode,
      ln: values.lastName,
    }),
  });
}

export function clearStoredInvitation(store = browserSessionStorage()): void {
  write(store, { [SESSION_STORAGE_KEYS.registrationParams]: null });
}

// The practice's own module (stored-practice.ts): a registration form or the guest's booking loads only it.
export { parsePracticeId, readStoredPractice, storePractice } from './stored-practice';
