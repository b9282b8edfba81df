import { and, eq } from 'drizzle-orm';
import type { Database } from '@vet/db/connection';
import { deleteProviderEntries } from '@vet/embedded-accounts/account-erasure';
import { webSessions } from '@vet/db/schema/identity';

export interface EndedSessions {
  /** oidc-provider entries removed: sessions, grants, codes, refresh tokens, interactions. */
  providerEntries: number;
  /** The portal's server-side sessions removed (web_sessions, docs/decisions/0009). */
  portalSessions: number;
}

/**
 * Ends every session of the account, here and in the portal, with the caller's transaction. JWT access
 * tokens are not stored anywhere, so the few minutes left of one already issued cannot be taken back; but
 * the only holder, the portal's session row, goes, and no refresh token is left to get another.
 */
export async function endEverySession(
  tx: Pick<Database, 'delete' | 'select'>,
  accountId: string,
  issuer: string,
): Promise<EndedSessions> {
  const providerEntries = await deleteProviderEntries(tx, accountId);
  const portal = await tx
    .delete(webSessions)
    .where(and(eq(webSessions.identityIssuer, issuer), eq(webSessions.identitySubject, accountId)))
    .returning({ id: webSessions.id });
  return { providerEntries, portalSessions: portal.length };
}
