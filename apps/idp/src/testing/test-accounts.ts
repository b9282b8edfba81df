import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '@vet/db/connection';
import { hashPassword } from '@vet/db/password-hash';
import { idpAccounts } from '@vet/db/schema/identity';

/** Meets the password rule: 15 characters, all four kinds. */
export const GOOD_PASSWORD = 'Correct-Horse-9';

/** The test database is shared with other files: every test owns its own address. */
export function uniqueEmail(label: string): string {
  return `idp-${label}-${randomBytes(5).toString('hex')}@example.test`;
}

const hashes = new Map<string, Promise<string>>();

/**
 * One hash per password for the whole test file: at the production cost each hash takes a few hundred
 * milliseconds, and the accounts' salts sharing a value proves nothing any test cares about.
 */
export function testPasswordHash(password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  return hash;
}

export async function createTestAccount(
  db: Database,
  email: string,
  password = GOOD_PASSWORD,
  passwordHash?: string,
): Promise<string> {
  const [row] = await db
    .insert(idpAccounts)
    .values({ email, passwordHash: passwordHash ?? (await testPasswordHash(password)) })
    .returning({ id: idpAccounts.id });
  if (!row) throw new Error('account not created');
  return row.id;
}

export async function accountByEmail(db: Database, email: string) {
  const [row] = await db.select().from(idpAccounts).where(eq(idpAccounts.email, email));
  return row;
}
