import { invoiceDuePence, type InvoiceStatus } from '@vet/contracts/bill-rules';
import { addDays, practiceDate } from '@vet/contracts/practice-clock';
import type { Database, Executor } from '@vet/db/connection';
import type { EmailLogger } from '@vet/email/email-logger';
import { enqueueEmails } from '@vet/email/enqueue-email';
import { sql } from 'drizzle-orm';
import type { TaskList } from 'graphile-worker';
import {
  newEstimateEmail,
  newInvoiceEmail,
  type BillEmailSettings,
  type EmailLine,
} from '../../clients/index.ts';

/** The recurring job that e-mails owners their new bills and the estimates that need their answer. */
export const queueBillNoticesTask = 'queue-bill-notices';
/** Every minute, as reminders: a new estimate reaches its owner within a minute or so of its import. */
export const billNoticeCrontab = `* * * * * ${queueBillNoticesTask}`;
/** Rows claimed, and e-mails written, by one transaction. */
export const billNoticeBatchSize = 200;
/** Decision 0151: never about a bill issued (or an estimate revised) more than this many days ago. */
export const billNoticeWindowDays = 7;

/**
 * Who is e-mailed (decision 0153): a client with an online account and an address. These are service
 * messages about their own pet's treatment, sent whatever their marketing or reminder choices.
 */
const reachable = sql`c.identity_subject is not null and c.email is not null`;

const facts = sql`c.email, c.first_name, pr.name as practice_name, pr.owner_name`;

type Notice = {
  id: number;
  email: string;
  first_name: string;
  practice_name: string;
  owner_name: string | null;
  title: string | null;
  total_pence: number;
  vat_pence: number;
};

/**
 * Claims the estimates that need their owner's answer and were not e-mailed at this revision: proposed,
 * unanswered, not expired, new or revised within the week. The claim (notified_revision) and the e-mails
 * commit together, and `skip locked` leaves a row another worker holds to it: each revision once.
 */
async function claimEstimates(tx: Executor, now: Date, limit: number) {
  const today = practiceDate(now);
  const { rows } = await tx.execute<Notice & { expires_on: string | null; revised: boolean }>(sql`
    with due as (
      select e.id,
        -- "Answer again" where the owner has read or agreed to an earlier revision.
        (e.notified_revision is not null or e.agreed_total_pence is not null) as revised
      from practice_estimates e
      join clients c on c.id = e.client_id
      where e.status = 'proposed' and e.answer is null and e.notified_revision is distinct from e.revision
        and (e.expires_on is null or e.expires_on >= ${today}::date)
        and (e.issued_on >= ${addDays(today, -billNoticeWindowDays)}::date
          or e.revised_at >= ${now.toISOString()}::timestamptz - make_interval(days => ${billNoticeWindowDays}))
        and ${reachable}
      order by e.id limit ${limit}
      for update of e skip locked)
    update practice_estimates e set notified_revision = e.revision
    from due, clients c, practices pr
    where e.id = due.id and c.id = e.client_id and pr.id = e.practice_id
    returning e.id, e.title, e.total_pence, e.vat_pence, e.expires_on::text as expires_on, due.revised, ${facts}`);
  return rows;
}

/** Claims the bills issued within the week not yet e-mailed (a credited one is not news), as above. */
async function claimInvoices(tx: Executor, now: Date, limit: number) {
  const today = practiceDate(now);
  const { rows } = await tx.execute<
    Notice & { status: InvoiceStatus; paid_pence: number; due_on: string | null }
  >(sql`
    with due as (
      select i.id from practice_invoices i join clients c on c.id = i.client_id
      where i.notified_at is null and i.status <> 'credited'
        and i.issued_on >= ${addDays(today, -billNoticeWindowDays)}::date and ${reachable}
      order by i.id limit ${limit}
      for update of i skip locked)
    update practice_invoices i set notified_at = now()
    from due, clients c, practices pr
    where i.id = due.id and c.id = i.client_id and pr.id = i.practice_id
    returning i.id, i.title, i.total_pence, i.vat_pence, i.status, i.paid_pence, i.due_on::text as due_on,
      ${facts}`);
  return rows;
}

/** The lines of the bills claimed, by bill, in order. */
async function linesOf(tx: Executor, kind: 'estimate' | 'invoice', ids: readonly number[]) {
  const [lines, key] =
    kind === 'estimate'
      ? [sql.raw('practice_estimate_lines'), sql.raw('estimate_id')]
      : [sql.raw('practice_invoice_lines'), sql.raw('invoice_id')];
  const { rows } = await tx.execute<EmailLine & { bill_id: number }>(sql`
    select l.${key} as bill_id, l.description, trim_scale(l.quantity)::text as quantity, l.total_pence,
      pt.name as pet_name
    from ${lines} l left join pets pt on pt.id = l.pet_id
    where l.${key} = any(${`{${ids.join(',')}}`}::int[]) order by l.${key}, l.line_no`);
  const byBill = new Map<number, EmailLine[]>();
  for (const { bill_id, ...line } of rows) byBill.set(bill_id, [...(byBill.get(bill_id) ?? []), line]);
  return byBill;
}

/** One batch of each kind in one transaction; how many e-mails it wrote of each. */
async function queueBatch(db: Database, settings: BillEmailSettings, now: Date, limit: number) {
  return db.transaction(async (tx) => {
    const estimates = await claimEstimates(tx, now, limit);
    const invoices = await claimInvoices(tx, now, limit);
    const estimateLines = estimates.length
      ? await linesOf(
          tx,
          'estimate',
          estimates.map((e) => e.id),
        )
      : new Map<number, EmailLine[]>();
    const invoiceLines = invoices.length
      ? await linesOf(
          tx,
          'invoice',
          invoices.map((i) => i.id),
        )
      : new Map<number, EmailLine[]>();
    await enqueueEmails(tx, [
      ...estimates.map((estimate) =>
        newEstimateEmail(settings, estimate, estimateLines.get(estimate.id) ?? []),
      ),
      ...invoices.map((invoice) =>
        newInvoiceEmail(
          settings,
          {
            ...invoice,
            due_pence: invoiceDuePence({
              status: invoice.status,
              totalPence: invoice.total_pence,
              paidPence: invoice.paid_pence,
            }),
          },
          invoiceLines.get(invoice.id) ?? [],
        ),
      ),
    ]);
    return { estimates: estimates.length, invoices: invoices.length };
  });
}

/**
 * E-mails owners their new estimates needing an answer and their new bills (decisions 0151, 0153): a
 * periodic, set-based scan in batches until one comes back short. Two workers at once each claim other
 * rows, so every revision and every bill is e-mailed once.
 */
export async function queueBillNotices(
  db: Database,
  settings: BillEmailSettings,
  now: Date,
  batchSize = billNoticeBatchSize,
): Promise<{ estimates: number; invoices: number }> {
  const total = { estimates: 0, invoices: 0 };
  for (;;) {
    const batch = await queueBatch(db, settings, now, batchSize);
    total.estimates += batch.estimates;
    total.invoices += batch.invoices;
    if (batch.estimates < batchSize && batch.invoices < batchSize) return total;
  }
}

/** The bill notices' task for the API's queue (the e-mail worker runs it). */
export function billNoticeTasks(options: BillEmailSettings & { logger: EmailLogger; now?: () => Date }) {
  const now = options.now ?? (() => new Date());
  const settings = { brandName: options.brandName, portalUrl: options.portalUrl };
  return (db: Database): TaskList => ({
    [queueBillNoticesTask]: async () => {
      const queued = await queueBillNotices(db, settings, now());
      if (queued.estimates + queued.invoices > 0) options.logger.info(queued, 'bill e-mails queued');
    },
  });
}
