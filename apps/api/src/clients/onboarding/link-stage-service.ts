import type { LinkStage } from '@vet/contracts/link-stage';
import type { Database } from '@vet/db/connection';
import { type Identity, badRequest } from '../../platform/index.ts';
import { RESEND_INTERVAL_MS, SENDS_PER_DAY } from './code-sender.ts';
import type { LinkStageRepository } from './link-stage-repository.ts';
import { maskEmail } from './masking.ts';
import type { VerificationRepository } from './verification-repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface LinkStageDependencies {
  db: Database;
  stages: LinkStageRepository;
  verification: VerificationRepository;
}

interface Candidate {
  at: Date;
  stage: LinkStage;
}

/**
 * Where the signed-in identity's link stands (decision 0077): linked; a code out and still working; else
 * the latest word of three (a code that went out, the check's or the person's recorded stage, a practice's
 * invitation to the address the provider verified); else no check yet. Masked address and the practice's
 * public name and phone only: never a client record's data.
 */
export async function linkStageOf(
  { db, stages, verification }: LinkStageDependencies,
  identity: Identity,
  linked: boolean,
  now: Date,
): Promise<LinkStage> {
  if (linked) return { stage: 'linked' };
  const candidates: Candidate[] = [];

  const code = await stages.latestSentCode(identity);
  if (code?.email) {
    const sends = await verification.sendsSince(db, code.clientId, new Date(now.getTime() - DAY_MS));
    const resendAt =
      sends.count >= SENDS_PER_DAY
        ? null
        : new Date(Math.max(code.lastSentAt.getTime(), sends.last?.getTime() ?? 0) + RESEND_INTERVAL_MS);
    const stage: LinkStage = {
      stage: 'code-sent',
      maskedEmail: maskEmail(code.email),
      sentAt: code.lastSentAt.toISOString(),
      expiresAt: code.expiresAt.toISOString(),
      resendAt: resendAt?.toISOString() ?? null,
    };
    if (code.expiresAt.getTime() > now.getTime()) return stage;
    candidates.push({ at: code.lastSentAt, stage });
  }

  const recorded = await stages.recordedStage(identity);
  if (recorded) {
    candidates.push({
      at: recorded.recordedAt,
      stage:
        recorded.stage === 'contact_practice'
          ? { stage: 'contact-practice', practice: recorded.practice }
          : { stage: 'invitation-expected', reason: 'waiting', practice: recorded.practice },
    });
  }

  if (identity.email && identity.emailVerified === true) {
    const invitation = await stages.invitationToAddress(identity.email, now);
    if (invitation) {
      candidates.push({
        at: invitation.createdAt,
        stage: { stage: 'invitation-expected', reason: 'invited', practice: invitation.practice },
      });
    }
  }

  const latest = candidates.reduce<Candidate | null>(
    (newest, candidate) => (newest === null || candidate.at > newest.at ? candidate : newest),
    null,
  );
  return latest?.stage ?? { stage: 'no-check' };
}

const unknownPractice = 'Choose one of the practices listed.';

/** PUT /signup/waiting-for-invitation: the person will wait for this practice's invitation. */
export async function waitForInvitation(
  stages: LinkStageRepository,
  identity: Identity,
  practiceId: number,
  now: Date,
): Promise<void> {
  if (!(await stages.practiceExists(practiceId)))
    throw badRequest(unknownPractice, [{ path: 'practiceId', message: unknownPractice }]);
  await stages.record(identity, 'invitation_expected', practiceId, now);
}
