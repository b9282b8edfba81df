import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Database } from '@vet/db/connection';
import { idpModels, webSessions } from '@vet/db/schema/identity';

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
  const ofAccount = sql`${idpModels.payload} ->> 'accountId' = ${accountId}`;
  const grantsOfAccount = tx
    .select({ id: idpModels.id })
    .from(idpModels)
    .where(and(eq(idpModels.model, 'Grant'), ofAccount));
  const provider = await tx
    .delete(idpModels)
    .where(
      or(
        // Session, Grant, AuthorizationCode, RefreshToken (and any access token stored in the future).
        ofAccount,
        // Anything else issued under one of the account's grants.
        inArray(idpModels.grantId, grantsOfAccount),
        // A sign-in in progress for the account (signed in, or just submitted, and not yet back at /auth).
        and(
          eq(idpModels.model, 'Interaction'),
          or(
            sql`${idpModels.payload} #>> '{session,accountId}' = ${accountId}`,
            sql`${idpModels.payload} #>> '{result,login,accountId}' = ${accountId}`,
          ),
        ),
      ),
    )
    .returning({ id: idpModels.id });
  const portal = await tx
    .delete(webSessions)
    .where(and(eq(webSessions.identityIssuer, issuer), eq(webSessions.identitySubject, accountId)))
    .returning({ id: webSessions.id });
  return { providerEntries: provider.length, portalSessions: portal.length };
}
