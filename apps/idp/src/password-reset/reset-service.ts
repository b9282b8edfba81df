import type { Database } from '@vet/db/connection';
import { hashPassword } from '@vet/db/password-hash';
import { findAccountByEmail } from '../accounts.ts';
import { resetPasswordUrl } from './paths.ts';
import { passwordResetEmail } from './reset-email.ts';
import { completeReset, isUsableReset, issueReset, type CompletedReset } from './reset-store.ts';
import {
  hashResetToken,
  looksLikeResetToken,
  MAX_RESETS_PER_ACCOUNT_PER_HOUR,
  newResetToken,
  RESET_TOKEN_TTL_MS,
} from './reset-token.ts';

export interface ResetContext {
  db: Database;
  /** The provider's issuer: the reset page's origin, and the portal sessions' `identity_issuer`. */
  issuer: string;
  brandName: string;
  /** The portal's address: the e-mail links its complaints page (decision 0143). */
  portalUrl: string;
}

/**
 * "Forgot your password?": when the address has an account that has not had its share of links this
 * hour, a new link replaces the older ones and is e-mailed to the account's address. Says nothing about
 * which happened; the caller answers the same either way, and pads the time it takes.
 */
export async function requestPasswordReset(context: ResetContext, email: string): Promise<void> {
  // Made before the lookup, whatever it finds: the same work on both paths.
  const { token, tokenHash } = newResetToken();
  const account = await findAccountByEmail(context.db, email);
  if (!account) return;
  const now = new Date();
  await issueReset(context.db, {
    accountId: account.id,
    tokenHash,
    now,
    expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
    maxPerHour: MAX_RESETS_PER_ACCOUNT_PER_HOUR,
    email: passwordResetEmail({
      to: account.email,
      brandName: context.brandName,
      portalUrl: context.portalUrl,
      resetUrl: resetPasswordUrl(context.issuer, token),
    }),
  });
}

/** Whether the link in the e-mail still works (the reset page's GET: looking does not use it). */
export async function isUsableResetToken(context: ResetContext, token: string | null): Promise<boolean> {
  if (!looksLikeResetToken(token)) return false;
  return isUsableReset(context.db, hashResetToken(token), new Date());
}

/**
 * Sets the new password (already checked against the policy) and ends every session of the account.
 * Undefined when the link is unknown, expired or used.
 */
export async function completePasswordReset(
  context: ResetContext,
  token: string | null,
  newPassword: string,
): Promise<CompletedReset | undefined> {
  if (!looksLikeResetToken(token)) return undefined;
  // Hashed before the transaction: scrypt takes a while, and no row should stay locked meanwhile.
  const passwordHash = await hashPassword(newPassword);
  return completeReset(context.db, {
    tokenHash: hashResetToken(token),
    passwordHash,
    issuer: context.issuer,
    now: new Date(),
  });
}
