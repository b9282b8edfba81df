import { practiceDate } from '@vet/contracts/practice-clock';
import type { Database } from '@vet/db/connection';
import type { EmailLogger } from '@vet/email/email-logger';
import { enqueueEmails } from '@vet/email/enqueue-email';
import { isQuietHours } from '@vet/email/quiet-hours';
import type { TaskList } from 'graphile-worker';
import { claimPaymentFailures, claimPetsGone, claimRenewals } from './claim-plan-notices.ts';
import {
  paymentFailedEmail,
  petGoneEmail,
  renewalNoticeEmail,
  type PlanNoticeSettings,
} from './plan-notice-emails.ts';

/** The recurring job that e-mails plan members their renewal, failed-payment and pet-gone notices. */
export const queuePlanNoticesTask = 'queue-plan-notices';
/**
 * Every ten minutes (decision 0163): a failed payment or a pet's death reaches the owner within minutes, and
 * a day's renewals go at the first run after quiet hours; a run with nothing to do costs a few index reads.
 */
export const planNoticeCrontab = `*/10 * * * * ${queuePlanNoticesTask}`;
/** Memberships claimed, and e-mails written, of each kind by one transaction. */
export const planNoticeBatchSize = 200;

export type PlanNoticeCounts = {
  renewals: number;
  paymentFailures: number;
  petsGone: number;
};

type Kind = keyof PlanNoticeCounts;

/**
 * One batch of each kind still to do, in one transaction: the marks and the e-mails commit together.
 * The pet-gone offers first: the other claims leave out a gone pet anyway.
 */
function queueBatch(
  db: Database,
  settings: PlanNoticeSettings,
  today: string,
  limit: number,
  kinds: ReadonlySet<Kind>,
) {
  return db.transaction(async (tx): Promise<PlanNoticeCounts> => {
    const petsGone = kinds.has('petsGone') ? await claimPetsGone(tx, limit) : [];
    const renewals = kinds.has('renewals') ? await claimRenewals(tx, today, limit) : [];
    const paymentFailures = kinds.has('paymentFailures') ? await claimPaymentFailures(tx, today, limit) : [];
    await enqueueEmails(tx, [
      ...petsGone.map((notice) => petGoneEmail(settings, notice)),
      ...renewals.map((notice) => renewalNoticeEmail(settings, notice)),
      ...paymentFailures.map((notice) => paymentFailedEmail(settings, notice)),
    ]);
    return {
      renewals: renewals.length,
      paymentFailures: paymentFailures.length,
      petsGone: petsGone.length,
    };
  });
}

/**
 * Queues every plan notice due at `now` (issue 65, decision 0163), in batches: a kind is claimed again
 * only while its last batch came back full. Two workers at once each claim other rows, so each notice
 * goes once.
 */
export async function queuePlanNotices(
  db: Database,
  settings: PlanNoticeSettings,
  now: Date,
  batchSize = planNoticeBatchSize,
): Promise<PlanNoticeCounts> {
  const today = practiceDate(now);
  const total: PlanNoticeCounts = { renewals: 0, paymentFailures: 0, petsGone: 0 };
  const kinds = new Set<Kind>(['renewals', 'paymentFailures', 'petsGone']);
  while (kinds.size > 0) {
    const batch = await queueBatch(db, settings, today, batchSize, kinds);
    for (const kind of [...kinds]) {
      total[kind] += batch[kind];
      if (batch[kind] < batchSize) kinds.delete(kind);
    }
  }
  return total;
}

/**
 * The plan notices' task for the API's queue (the e-mail worker runs it). Not in quiet hours (20:00 to
 * 08:00, as reminders): a renewal reminder or a pet's plan is not news for the middle of the night.
 */
export function planNoticeTasks(options: PlanNoticeSettings & { logger: EmailLogger; now?: () => Date }) {
  const now = options.now ?? (() => new Date());
  const settings = { brandName: options.brandName, portalUrl: options.portalUrl };
  return (db: Database): TaskList => ({
    [queuePlanNoticesTask]: async () => {
      const at = now();
      if (isQuietHours(at)) return;
      const queued = await queuePlanNotices(db, settings, at);
      if (queued.renewals + queued.paymentFailures + queued.petsGone > 0)
        options.logger.info(queued, 'plan notices queued');
    },
  });
}
