import { randomBytes } from 'node:crypto';
import type { Database } from '@vet/db/connection';
import { hashPassword, needsRehash, verifyPassword } from '@vet/db/password-hash';
import { findSignInAccount, replacePasswordHash } from './accounts.ts';

let dummyHash: Promise<string> | undefined;

/**
 * A hash at the current cost of a password no one knows: verifying against it takes as long as verifying
 * a real account's, so neither sign-in nor sign-up tells by its timing which addresses have accounts.
 */
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return dummyHash;
}

/**
 * The account's id when the e-mail and password match. An unknown e-mail still costs one scrypt
 * verification. A hash made at an older cost is rewritten at the current one: only now, with the right
 * password in hand, can it be.
 */
export async function verifyCredentials(
  db: Database,
  email: string,
  password: string,
): Promise<string | undefined> {
  const account = await findSignInAccount(db, email);
  if (!account) {
    await verifyPassword(password, await dummyPasswordHash());
    return undefined;
  }
  if (!(await verifyPassword(password, account.passwordHash))) return undefined;
  if (needsRehash(account.passwordHash)) {
    await replacePasswordHash(db, account.id, account.passwordHash, await hashPassword(password));
  }
  return account.id;
}
