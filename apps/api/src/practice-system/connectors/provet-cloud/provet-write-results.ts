import { VendorUnavailable, type WriteResult } from '../vendor-port.ts';

export const written = (refs: Record<string, string>): WriteResult => ({ outcome: 'written', refs });
export const refused = (reason: 'slot_taken' | 'invalid', message: string): WriteResult => ({
  outcome: 'refused',
  reason,
  message,
});
/** Names the fields Provet refused, never their values (no personal data in messages). */
export const refusedFields = (json: unknown) =>
  `Provet Cloud refused the fields: ${Object.keys((json as object | null) ?? {}).join(', ') || 'none named'}.`;
/** A record born online waits for its parents' Provet references (their own writes come first). */
export const waitingFor = (what: string) =>
  new VendorUnavailable(`Waiting for the ${what}'s Provet reference.`, 60_000);
