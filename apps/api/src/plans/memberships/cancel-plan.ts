import { exitCost, type MembershipEndReason } from '@vet/contracts/plan-rules';
import type { CancellationQuote } from '@vet/contracts/plans';
import { practiceDate } from '@vet/contracts/practice-clock';
import { enqueueEmail } from '@vet/email/enqueue-email';
import { recordPracticeEvent } from '@vet/practice-events/record-events';
import { sql } from 'drizzle-orm';
import { conflict, notFound } from '../../platform/index.ts';
import { planCancelledEmail } from './cancel-email.ts';
import { endDirectDebitNow } from './end-direct-debit.ts';
import { lockMembership, membershipById, membershipFacts, type MembershipRow } from './membership-rows.ts';
import { planMessages, type PlanWriteDeps } from './plan-deps.ts';
import { exitCostText } from './plan-words.ts';

/** What leaving costs today (plan-rules' exitCost), with its words. */
export function quoteOf(row: MembershipRow, today: string): CancellationQuote {
  const cost = exitCost(
    {
      minimumTermMonths: row.minimum_term_months,
      coolingOffDays: row.cooling_off_days,
      earlyExitFeePence: row.early_exit_fee_pence,
    },
    { startedOn: row.started_on },
    row.pet_status,
    today,
  );
  return {
    membershipId: row.id,
    petName: row.pet_name,
    planName: row.plan_name,
    feePence: cost.feePence,
    why: cost.why,
    text: exitCostText(cost, {
      petName: row.pet_name,
      petStatus: row.pet_status,
      coolingOffDays: row.cooling_off_days,
    }),
  };
}

/** Only an active membership is cancelled here: a pending one has no Direct Debit yet, an ended one is over. */
function cancellable(row: MembershipRow | undefined): MembershipRow {
  if (!row) throw notFound(planMessages.membershipNotFound);
  if (row.status === 'pending') throw conflict(planMessages.stillPending, 'still_pending');
  if (row.status !== 'active') throw conflict(planMessages.notLive, 'not_live');
  return row;
}

/** GET /v2/plan-memberships/{id}/cancellation: what applies if the owner leaves today. */
export async function cancellationQuote(
  deps: PlanWriteDeps,
  clientId: number,
  membershipId: number,
): Promise<CancellationQuote> {
  const row = cancellable(await membershipById(deps.db, membershipId, clientId));
  return quoteOf(row, practiceDate(deps.now()));
}

/** The fee the owner was shown is no longer what applies: the answer carries the new quote. */
export class FeeChangedError extends Error {
  constructor(readonly quote: CancellationQuote) {
    super(`What applies has changed: ${quote.text} Please read it again before you confirm.`);
    this.name = 'FeeChangedError';
  }
}

const endReasonOf = (petStatus: string): MembershipEndReason =>
  petStatus === 'Deceased' ? 'deceased' : petStatus === 'Rehomed' ? 'rehomed' : 'owner';

/**
 * POST /v2/plan-memberships/{id}/cancellation (issue 65, decision 0162). Under the membership's lock, so
 * a renewal, a price change or a webhook of the same membership lands wholly before or after it: the
 * quote is made again from the row as it now is, and a fee other than the one shown is refused (409 with
 * the new quote). The membership ends, `plan.cancelled` and the owner's e-mail are written with it, and a
 * queued job to end the Direct Debit at the provider commits with it too. The provider is then asked at
 * once, after the commit; if it cannot be reached, the job asks again until it answers.
 */
export async function cancelPlan(
  deps: PlanWriteDeps,
  clientId: number,
  membershipId: number,
  feePence: number,
): Promise<{
  membershipId: number;
  status: 'cancelled';
  endedOn: string;
  endReason: MembershipEndReason;
  exitFeePence: number;
}> {
  const now = deps.now();
  const today = practiceDate(now);
  const done = await deps.db.transaction(async (tx) => {
    const row = cancellable(await lockMembership(tx, membershipId, clientId));
    const quote = quoteOf(row, today);
    if (quote.feePence !== feePence) throw new FeeChangedError(quote);
    const endReason = endReasonOf(row.pet_status);
    const { rows } = await tx.execute<{ ended_at: Date }>(sql`
      update plan_memberships set status = 'cancelled', ended_at = ${now.toISOString()}, ended_by = 'client',
        end_reason = ${endReason}, exit_fee_pence = ${quote.feePence}, updated_at = now()
      where id = ${row.id}
      returning ended_at`);
    await recordPracticeEvent(tx, 'plan.cancelled', {
      ...membershipFacts(row),
      ended_by: 'client',
      end_reason: endReason,
      exit_fee_pence: quote.feePence,
      ended_on: today,
      cancelled_at: new Date(rows[0]?.ended_at ?? now).toISOString(),
    });
    if (row.client_email) {
      await enqueueEmail(
        tx,
        planCancelledEmail(
          deps,
          { ...row, client_email: row.client_email },
          { endedOn: today, feePence: quote.feePence },
        ),
      );
    }
    // The update queued the job that ends the Direct Debit (migration 0066's trigger), committed with it.
    return {
      membershipId: row.id,
      status: 'cancelled' as const,
      endedOn: today,
      endReason,
      exitFeePence: quote.feePence,
    };
  });
  // Not under the lock: the provider's answer is awaited after the commit. A failure leaves the job queued.
  await endDirectDebitNow(deps, membershipId).catch(() => undefined);
  return done;
}
