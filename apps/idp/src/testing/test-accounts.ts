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

export async function createTestAccount(
  db: Database,
  email: string,
  password = GOOD_PASSWORD,
): Promise<string> {
  const [row] = await db
    .insert(idpAccounts)
    .values({ email, passwordHash: await hashPassword(password) })
    .returning({ id: idpAccounts.id });
  if (!row) throw new Error('account not created');
  return row.id;
}

export async function accountByEmail(db: Database, email: string) {
  const [row] = await db.select().from(idpAccounts).where(eq(idpAccounts.email, email));
  return row;
}
