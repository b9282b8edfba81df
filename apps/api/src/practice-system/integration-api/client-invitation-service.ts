import type { IntegrationErrorCode } from '@vet/contracts/integration-errors';
import type { ClientInvitation } from '@vet/contracts/integration-invitations';
import type { Database } from '@vet/db/connection';
import { invitationCodeHash, invitationValidDays, newInvitationCode } from '@vet/db/invitation-code';
import { enqueueEmail } from '@vet/email/enqueue-email';
import { conflict, notFound, unprocessable } from '../../platform/index.ts';
import type { ClientInvitationRepository, InvitedClient } from './client-invitation-repository.ts';
import { invitationEmail, type InvitationSettings } from './invitation-email.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export const invitationRefusals = {
  unknownClient: 'No client has that reference.',
  alreadyLinked: 'This client already has an online account linked to their record: they need no invitation.',
  noEmail: 'This client has no e-mail address to send the invitation to.',
  noEmailIssue: 'The client record has no e-mail address.',
} as const;

export interface ClientInvitationDependencies {
  db: Database;
  repository: ClientInvitationRepository;
  settings: InvitationSettings;
}

/**
 * The practice system invites one of its clients (decision 0062). Idempotent per client (decision 0103):
 * while an invitation is unused and unexpired, asking again answers that one and sends nothing, so a
 * retried call never e-mails the client twice. With `replace`, or when none
 * is live, a new invitation (R4.18) replaces any live one, and its e-mail is written to the outbox in the
 * same transaction, so both happen or neither does. The code exists only in that e-mail; the database
 * keeps its hash. The client's row lock makes two calls at once one invitation.
 */
export async function inviteClient(
  { db, repository, settings }: ClientInvitationDependencies,
  clientRef: string,
  options: { replace?: boolean; now?: Date } = {},
): Promise<ClientInvitation> {
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    const client = invitable(await repository.lockClientByRef(tx, clientRef));
    const live = options.replace ? undefined : await repository.liveInvitationExpiry(tx, client.id, now);
    if (live) return { client_ref: clientRef, outcome: 'live', expires_at: live.toISOString() };
    const expiresAt = new Date(now.getTime() + invitationValidDays * DAY_MS);
    const code = newInvitationCode();
    await repository.endLiveInvitations(tx, client.id, now);
    await repository.insertInvitation(tx, {
      clientId: client.id,
      practiceId: client.homePracticeId,
      codeHash: invitationCodeHash(code),
      expiresAt,
      now,
    });
    await enqueueEmail(
      tx,
      invitationEmail(settings, {
        to: client.email,
        firstName: client.firstName,
        lastName: client.lastName,
        code,
        validDays: invitationValidDays,
      }),
    );
    return { client_ref: clientRef, outcome: 'issued', expires_at: expiresAt.toISOString() };
  });
}

/**
 * Whether the client with this reference could be invited now, by the same rules, without issuing
 * anything: the operator's `invite` without `--email` (decision 0097). Throws the refusal inviteClient
 * would.
 */
export async function checkClientInvitable(
  { db, repository }: Pick<ClientInvitationDependencies, 'db' | 'repository'>,
  clientRef: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    invitable(await repository.lockClientByRef(tx, clientRef));
  });
}

/** The client, when an invitation can go to them: known, not linked yet, with an address to write to. */
function invitable(client: InvitedClient | undefined): InvitedClient & { email: string } {
  if (!client) throw notFound(invitationRefusals.unknownClient);
  if (client.linked)
    throw conflict(invitationRefusals.alreadyLinked, 'client_already_linked' satisfies IntegrationErrorCode);
  if (client.email === null)
    throw unprocessable(
      invitationRefusals.noEmail,
      [{ path: 'email', message: invitationRefusals.noEmailIssue }],
      'client_has_no_email' satisfies IntegrationErrorCode,
    );
  return { ...client, email: client.email };
}
