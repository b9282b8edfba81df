/**
 * The portal's browser storage keys (R3.15, R3.16), named once: several features read them, and logout clears
 * the ones that belong to the signed-in person. They live in shared/ because features do not import
 * each other and the shell's logout (shared) clears them.
 */

/** Local storage. */
export const LOCAL_STORAGE_KEYS = {
  /** '0' (the default when missing) or '1': whether the contact-preference redirect has happened. */
  showContactPreferences: 'showContactPreferences',
  /** The analytics cross-domain tag (`_gl`) carried to the sign-in redirect. */
  glTag: 'glTag',
  /** A guest's hold on an appointment time (guest-hold-storage.ts), kept until it is completed. */
  guestHold: 'guestHold',
} as const;

/** Session storage (the API client's noCache and refreshCache flags are its own, in shared/api). */
export const SESSION_STORAGE_KEYS = {
  practice: 'practice',
  /** E-mail verification (/verified, R2.1 and R4.17): code, client id and mode (`signup` or `signin`). */
  vCode: 'vCode',
  vClientId: 'vClientId',
  vMode: 'vMode',
  /** '1' once the "Register your pet" dialog has been seen (R3.15: the name is ours). */
  petRegisterModalSeen: 'petRegisterModalSeen',
  /** The invitation's query parameters (rc, ln) kept for the activation guard (name not shown either). */
  registrationParams: 'registrationParams',
  /**
   * The token of the manage link (/manage#) and of an earlier-time offer (/earlier-time#), kept for the
   * tab once taken out of the address bar, until the link's flow ends (use-link-token.ts, decision 0095).
   */
  manageLinkToken: 'manageLinkToken',
  earlierTimeToken: 'earlierTimeToken',
  /** Messages being written to the practice, by place (features/messages/message-draft.ts). */
  messageDrafts: 'messageDrafts',
} as const;

/** R4.11: what belongs to the signed-in person and is cleared when they log out. */
export const CLEARED_ON_LOGOUT = {
  local: [LOCAL_STORAGE_KEYS.showContactPreferences, LOCAL_STORAGE_KEYS.guestHold],
  session: [
    SESSION_STORAGE_KEYS.practice,
    SESSION_STORAGE_KEYS.vCode,
    SESSION_STORAGE_KEYS.vClientId,
    SESSION_STORAGE_KEYS.vMode,
    SESSION_STORAGE_KEYS.petRegisterModalSeen,
    SESSION_STORAGE_KEYS.registrationParams,
    SESSION_STORAGE_KEYS.manageLinkToken,
    SESSION_STORAGE_KEYS.earlierTimeToken,
    SESSION_STORAGE_KEYS.messageDrafts,
  ],
} as const;

/** Removes the signed-in person's keys. Storage can be unavailable (privacy modes): that is not an error. */
export function clearPersonalStorage(
  local: Pick<Storage, 'removeItem'> | undefined = globalThis.localStorage,
  session: Pick<Storage, 'removeItem'> | undefined = globalThis.sessionStorage,
): void {
  try {
    for (const key of CLEARED_ON_LOGOUT.local) local?.removeItem(key);
    for (const key of CLEARED_ON_LOGOUT.session) session?.removeItem(key);
  } catch {
    // Access denied by the browser: nothing stored to clear.
  }
}
