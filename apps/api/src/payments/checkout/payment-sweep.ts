import type { Executor } from '@vet/db/connection';
import { sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { scheduleIntervalJob } from '../../platform/index.ts';
import type { CheckoutState } from '../provider/index.ts';
import { settle, type BookingPaymentHooks, type PaymentsDeps } from './settle-payment.ts';

/** Past its page's end by this much before the sweep asks: the provider closes pages on its own first. */
const graceMs = 2 * 60_000;
/** Payments looked at per run: a backlog drains over a few minutes without a burst of provider calls. */
const batch = 50;

async function overdue(db: Executor, now: Date) {
  const { rows } = await db.execute<{ id: number; checkout_session_id: string | null }>(sql`
    select id, checkout_session_id from online_payments
    where status = 'pending' and expires_at < ${new Date(now.getTime() - graceMs).toISOString()}
    order by expires_at limit ${batch}`);
  return rows;
}

/**
 * Nothing held forever (decision 0157): a payment still pending after its page's end is settled by what
 * the provider says, whether or not its webhook ever came: paid is recorded, an open page is closed first,
 * and one that never had a page simply ends. Each is settled under its lock, as the webhook and the
 * return settle it, so a sweep racing either changes nothing twice. The provider is never called under a
 * lock; one it cannot answer waits for the next run.
 */
export async function sweepPendingPayments(
  deps: PaymentsDeps,
  now = new Date(),
): Promise<{ settled: number; failed: number }> {
  const provider = deps.provider;
  if (!provider) return { settled: 0, failed: 0 };
  let settled = 0;
  let failed = 0;
  for (const payment of await overdue(deps.db, now)) {
    try {
      const sessionId = payment.checkout_session_id;
      if (!sessionId) {
        await deps.db.transaction(async (tx) => {
          const locked = await deps.repository.lock(tx, payment.id);
          await deps.repository.markExpired(tx, payment.id);
          if (locked?.status === 'pending' && locked.purpose !== 'invoice')
            await deps.bookings?.ended(tx, locked);
        });
      } else {
        let state: CheckoutState = await provider.checkout(sessionId);
        if (state.stage === 'open') state = await provider.expireCheckout(sessionId);
        const settled = await deps.db.transaction((tx) => settle(deps, tx, payment.id, state));
        if (settled && settled.purpose !== 'invoice') await deps.bookings?.afterSettled(payment.id);
      }
      settled += 1;
    } catch {
      failed += 1;
    }
  }
  return { settled, failed };
}

export interface PaymentSweepOptions {
  deps: Omit<PaymentsDeps, 'db'>;
  /** Deposits' and holds' hooks (decision 0158), made with the worker's database. */
  bookings?: (db: PaymentsDeps['db']) => BookingPaymentHooks;
  /** The booking payments' rules pass (decision 0158), run after the pending payments are settled. */
  bookingRules?: (db: PaymentsDeps['db']) => Promise<{ applied: number; failed: number }>;
  /** Milliseconds between runs (default a minute). */
  intervalMs?: number;
}

/** The sweep every minute in a worker process (scheduleIntervalJob: one run at a time, counts logged). */
export const paymentSweepPlugin = fp<PaymentSweepOptions>(
  (app, options, done) => {
    const deps: PaymentsDeps = { ...options.deps, db: app.db, bookings: options.bookings?.(app.db) };
    scheduleIntervalJob(app, {
      component: 'payment-sweep',
      label: 'payment sweep',
      intervalMs: options.intervalMs ?? 60_000,
      run: async () => {
        const pending = await sweepPendingPayments(deps);
        if (!options.bookingRules) return pending;
        const rules = await options.bookingRules(app.db);
        return { ...pending, applied: rules.applied, failed: pending.failed + rules.failed };
      },
    });
    done();
  },
  { name: 'payment-sweep' },
);
