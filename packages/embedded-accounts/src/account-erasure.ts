import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Executor } from '@vet/db/connection';
import { idpAccounts, idpModels, idpSignUps } from '@vet/db/schema/identity';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface ErasedEmbeddedAccount {
  /** The account's e-mail (lower-case) when it existed: the caller erases what it keyed by it. */
  email: string | null;
  /** oidc-provider entries removed: sessions, grants, codes, refresh tokens, interactions. */
  providerEntries: number;
}

/**
 * Removes every oidc-provider entry of an embedded provider's account, with the caller's transaction:
 * its sessions, grants, codes and refresh tokens (and any access token stored in the future), anything
 * else issued under one of its grants, and a sign-in in progress for it (signed in, or just submitted and
 * not yet back at /auth). A password reset (apps/idp/src/password-reset/end-sessions.ts) and an account's
 * deletion end its sessions so. Returns how many entries went.
 */
export async function deleteProviderEntries(
  tx: Pick<Executor, 'delete' | 'select'>,
  accountId: string,
): Promise<number> {
  const ofAccount = sql`${idpModels.payload} ->> 'accountId' = ${accountId}`;
  const grantsOfAccount = tx
    .select({ id: idpModels.id })
    .from(idpModels)
    .where(and(eq(idpModels.model, 'Grant'), ofAccount));
  const deleted = await tx
    .delete(idpModels)
    .where(
      or(
        ofAccount,
        inArray(idpModels.grantId, grantsOfAccount),
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
  return deleted.length;
}

/**
 * Deletes an account of the embedded provider (apps/idp) and everything the provider keeps of it, in the
 * caller's transaction (decision 0080): its oidc-provider entries (deleteProviderEntries), its password
 * resets (by cascade), its sign-ups still waiting for a code, and the account itself. The same e-mail can
 * then sign up again as a newcomer. Only for the embedded provider, whose tables share the portal's
 * database; a subject that is not one of its accounts' ids changes nothing.
 */
export async function eraseEmbeddedAccount(tx: Executor, accountId: string): Promise<ErasedEmbeddedAccount> {
  if (!UUID.test(accountId)) return { email: null, providerEntries: 0 };
  const providerEntries = await deleteProviderEntries(tx, accountId);
  const [account] = await tx
    .delete(idpAccounts)
    .where(eq(idpAccounts.id, accountId))
    .returning({ email: idpAccounts.email });
  if (account) await tx.delete(idpSignUps).where(eq(idpSignUps.email, account.email));
  return { email: account?.email ?? null, providerEntries };
}

/**
 * Whether the embedded provider still has this account: a token it issued outlives the account's
 * deletion by its last minutes, and nothing may be linked to an account that is gone (security round three,
 * finding 2; decision 0094).
 */
export async function embeddedAccountExists(executor: Pick<Executor, 'select'>, accountId: string) {
  if (!UUID.test(accountId)) return false;
  const [account] = await executor
    .select({ id: idpAccounts.id })
    .from(idpAccounts)
    .where(eq(idpAccounts.id, accountId));
  return account !== undefined;
}
