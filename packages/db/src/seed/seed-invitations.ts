import { invitationCodeHash } from '../invitation-code.ts';
import { emailKey } from '../normalise.ts';
import { clients } from '../schema/clients.ts';
import { invitations } from '../schema/onboarding.ts';
import { eq } from 'drizzle-orm';
import { DEMO_INVITATIONS, type DemoInvitationState } from './demo-onboarding.ts';
import type { SeedTransaction } from './seed-transaction.ts';

const DAY_MS = 86_400_000;

/** Issued, expiring and used, relative to the seed's "today" (invitations last 30 days, R4.18). */
function datesOf(state: DemoInvitationState, now: Date) {
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);
  switch (state) {
    case 'valid':
      return { createdAt: now, expiresAt: daysAgo(-30), usedAt: null };
    case 'expired':
      return { createdAt: daysAgo(40), expiresAt: daysAgo(10), usedAt: null };
    case 'used':
      return { createdAt: daysAgo(20), expiresAt: daysAgo(-10), usedAt: daysAgo(19) };
  }
}

/**
 * The demo invitations, each for its client record. Idempotent (a code already there is left as it is),
 * so it also brings a database seeded before invitations existed up to date.
 */
export async function seedDemoInvitations(tx: SeedTransaction, now: Date): Promise<void> {
  for (const invitation of DEMO_INVITATIONS) {
    const [client] = await tx
      .select({ id: clients.id, practiceId: clients.homePracticeId })
      .from(clients)
      .where(eq(clients.emailKey, emailKey(invitation.clientEmail)))
      .limit(1);
    if (!client) throw new Error(`Demo invitation for an unknown client: ${invitation.lastName}`);
    await tx
      .insert(invitations)
      .values({
        clientId: client.id,
        practiceId: client.practiceId,
        codeHash: invitationCodeHash(invitation.code),
        ...datesOf(invitation.state, now),
      })
      .onConflictDoNothing({ target: invitations.codeHash });
  }
}
