import { emailKey } from '../normalise.ts';
import { hashPassword } from '../password-hash.ts';
import { contactPreferences } from '../schema/clients.ts';
import { idpAccounts } from '../schema/identity.ts';
import type { ContactPreferencesSeed } from './data/types.ts';
import { DEMO_ACCOUNTS } from './demo-accounts.ts';
import type { SeedTransaction } from './seed-transaction.ts';

/** The embedded identity provider's accounts for the demo sign-ins, e-mail verified. */
export async function seedDemoIdentities(tx: SeedTransaction): Promise<void> {
  // scrypt is deliberately slow (128 MiB and a few hundred ms a hash): each distinct password is hashed
  // once, and the demo accounts, which all share the published demo password, share its hash.
  const hashes = new Map<string, Promise<string>>();
  const hashOf = (password: string) => {
    if (!hashes.has(password)) hashes.set(password, hashPassword(password));
    return hashes.get(password)!;
  };
  const rows = await Promise.all(
    DEMO_ACCOUNTS.map(async (account) => ({
      id: account.id,
      email: emailKey(account.email),
      passwordHash: await hashOf(account.password),
      emailVerified: true,
    })),
  );
  await tx.insert(idpAccounts).values(rows);
}

/**
 * Reminders by e-mail and text message on, marketing off unless asked for (it is opt-in), answers to
 * messages by e-mail (decision 0168).
 */
export async function seedContactPreferences(
  tx: SeedTransaction,
  clientId: number,
  seed: ContactPreferencesSeed,
): Promise<void> {
  const channels = ['email', 'sms', 'phone', 'post'] as const;
  await tx.insert(contactPreferences).values([
    ...channels.map((channel) => ({
      clientId,
      purpose: 'reminders' as const,
      channel,
      optedIn: channel === 'email' || channel === 'sms',
    })),
    ...channels.map((channel) => ({
      clientId,
      purpose: 'marketing' as const,
      channel,
      optedIn: channel === 'email' && seed.marketingByEmail,
    })),
    ...channels.map((channel) => ({
      clientId,
      purpose: 'messages' as const,
      channel,
      optedIn: channel === 'email',
    })),
  ]);
}

/** 826 is the United Kingdom's ISO country code, which UK-issued microchip numbers begin with. */
export function microchipNumber(petNumber: number): string {
  return String(826_097_000_000_000 + petNumber * 7_919_113);
}
