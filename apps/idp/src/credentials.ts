import { randomBytes } from 'node:crypto';
import type { Database } from '@vet/db/connection';
import { hashPassword, verifyPassword } from '@vet/db/password-hash';
import { findSignInAccount } from './accounts.ts';

let dummyHash: Promise<string> | undefined;

/**
 * The account's id when the e-mail and password match. An unknown e-mail still costs one scrypt
 * verification, so the answer's timing does not tell which addresses have accounts.
 */
export async function verifyCredentials(
  db: Database,
  email: string,
  password: string,
): Promise<string | undefined> {
  const account = await findSignInAccount(db, email);
  if (!account) {
    dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
    await verifyPassword(password, await dummyHash);
    return undefined;
  }
  return (await verifyPassword(password, account.passwordHash)) ? account.id : undefined;
}
