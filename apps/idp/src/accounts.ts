import { and, eq } from 'drizzle-orm';
import type { Database } from '@vet/db/connection';
import { emailKey } from '@vet/db/normalise';
import { idpAccounts } from '@vet/db/schema/identity';

export interface IdpAccount {
  id: string;
  email: string;
  emailVerified: boolean;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const publicColumns = {
  id: idpAccounts.id,
  email: idpAccounts.email,
  emailVerified: idpAccounts.emailVerified,
};

export async function findAccountById(db: Database, id: string): Promise<IdpAccount | undefined> {
  // A malformed subject is simply unknown, not a database error.
  if (!UUID.test(id)) return undefined;
  const [account] = await db.select(publicColumns).from(idpAccounts).where(eq(idpAccounts.id, id));
  return account;
}

export async function findAccountByEmail(db: Database, email: string): Promise<IdpAccount | undefined> {
  const [account] = await db
    .select(publicColumns)
    .from(idpAccounts)
    .where(eq(idpAccounts.email, emailKey(email)));
  return account;
}

export async function updatePasswordHash(
  executor: Pick<Database, 'update'>,
  id: string,
  passwordHash: string,
  now: Date,
): Promise<void> {
  await executor.update(idpAccounts).set({ passwordHash, updatedAt: now }).where(eq(idpAccounts.id, id));
}

/**
 * Replaces the hash only if it is still `previous`: a password reset saved in the meantime wins over a
 * rehash of the old password.
 */
export async function replacePasswordHash(
  db: Database,
  id: string,
  previous: string,
  passwordHash: string,
): Promise<void> {
  await db
    .update(idpAccounts)
    .set({ passwordHash })
    .where(and(eq(idpAccounts.id, id), eq(idpAccounts.passwordHash, previous)));
}

export async function findSignInAccount(
  db: Database,
  email: string,
): Promise<{ id: string; passwordHash: string } | undefined> {
  const [account] = await db
    .select({ id: idpAccounts.id, passwordHash: idpAccounts.passwordHash })
    .from(idpAccounts)
    .where(eq(idpAccounts.email, emailKey(email)));
  return account;
}

/** Creates the account; undefined when the e-mail is already registered. */
export async function createAccount(
  executor: Pick<Database, 'insert'>,
  email: string,
  passwordHash: string,
  options: { emailVerified: boolean },
): Promise<string | undefined> {
  const [created] = await executor
    .insert(idpAccounts)
    .values({ email: emailKey(email), passwordHash, emailVerified: options.emailVerified })
    .onConflictDoNothing({ target: idpAccounts.email })
    .returning({ id: idpAccounts.id });
  return created?.id;
}

/** A basic shape check; the address is proven only by a later verification e-mail. */
export function looksLikeEmail(email: string): boolean {
  const value = emailKey(email);
  return value.length <= 254 && /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(value);
}
