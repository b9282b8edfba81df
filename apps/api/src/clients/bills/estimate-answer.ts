import type { EstimateAnswerRequest, EstimateDetail } from '@vet/contracts/bills';
import { practiceDate } from '@vet/contracts/practice-clock';
import { enqueueEmail } from '@vet/email/enqueue-email';
import { recordPracticeEvent } from '@vet/practice-events/record-events';
import { sql } from 'drizzle-orm';
import { conflict, notFound } from '../../platform/index.ts';
import { estimateAnswerEmail, type BillEmailSettings } from './bill-emails.ts';
import type { EstimateRow } from './bills-repository.ts';
import { billMessages, estimateDetailOf, type BillsDeps } from './bills-service.ts';

/** The refusals an owner reads: what happened, and what to do. */
export const answerMessages = {
  changed: 'This estimate has changed since you opened it. Read it again before you answer.',
  alreadyAnswered: (answer: string) =>
    `You have already ${answer} this estimate. Call the practice if you have changed your mind.`,
  expired: 'This estimate has expired. Ask the practice for a new one.',
  superseded: 'The practice has replaced this estimate with a new one. Answer the new one instead.',
  closed: 'The practice has closed this estimate, so it cannot be answered online. Call the practice.',
} as const;

/** Why an estimate cannot take this answer now, with its 409's code; null: it can. */
function refusal(row: EstimateRow, body: EstimateAnswerRequest, today: string) {
  if (row.status === 'superseded') return { message: answerMessages.superseded, code: 'estimate_superseded' };
  if (row.status !== 'proposed') return { message: answerMessages.closed, code: 'estimate_closed' };
  if (body.revision !== row.revision) return { message: answerMessages.changed, code: 'estimate_changed' };
  if (row.answer) return { message: answerMessages.alreadyAnswered(row.answer), code: 'already_answered' };
  if (row.expires_on !== null && row.expires_on < today)
    return { message: answerMessages.expired, code: 'estimate_expired' };
  return null;
}

/**
 * POST /v2/bills/estimates/{estimateId}/answer (decision 0153). The estimate is locked (scoped to the
 * client: another's is not found, like a missing one); the answer must name the revision now stored, so a
 * revision committed after the owner read the page refuses it, and a revision that comes after waits for
 * this lock and is then measured against the answer by migration 0060's trigger. The answer, its practice
 * event and the owner's confirmation e-mail commit together or not at all.
 */
export async function answerEstimate(
  deps: BillsDeps,
  settings: BillEmailSettings,
  clientId: number,
  estimateId: number,
  body: EstimateAnswerRequest,
  now: Date,
): Promise<EstimateDetail> {
  return deps.db.transaction(async (tx) => {
    const row = await deps.repository.estimate(tx, clientId, estimateId, true);
    if (!row) throw notFound(billMessages.estimateNotFound);
    const refused = refusal(row, body, practiceDate(now));
    if (refused) throw conflict(refused.message, refused.code);
    const accepted = body.answer === 'accepted';
    const reason = body.answer === 'declined' ? body.reason : null;
    const { rows } = await tx.execute<{ answered_at: Date | string }>(sql`
      update practice_estimates set answer = ${body.answer}, answered_at = now(),
        answered_revision = revision, decline_reason = ${reason},
        agreed_total_pence = ${accepted ? sql`total_pence` : sql`null`}, updated_at = now()
      where id = ${estimateId} and revision = ${row.revision}
      returning answered_at`);
    // The row is locked: its revision cannot have moved since it was read.
    if (rows.length !== 1) throw new Error('The locked estimate changed under its lock.');
    const answeredAt = new Date(rows[0]!.answered_at).toISOString();
    const common = {
      estimate_id: row.id,
      estimate_ref: row.pms_ref,
      practice_id: row.practice_id,
      practice_ref: row.practice_ref,
      client_id: clientId,
      client_ref: row.client_ref,
      revision: row.revision,
      answered_at: answeredAt,
      total_pence: row.total_pence,
    };
    if (reason === null) await recordPracticeEvent(tx, 'estimate.accepted', common);
    else await recordPracticeEvent(tx, 'estimate.declined', { ...common, reason });
    const answered: EstimateRow = {
      ...row,
      answer: body.answer,
      answered_at: new Date(answeredAt),
      decline_reason: reason,
      agreed_total_pence: accepted ? row.total_pence : null,
    };
    if (row.email) await enqueueEmail(tx, estimateAnswerEmail(settings, { ...answered, email: row.email }));
    return estimateDetailOf(deps, tx, answered, now);
  });
}
