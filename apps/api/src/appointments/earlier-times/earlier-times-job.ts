import type { FreedSpan } from '@vet/clinician-time/earlier-time-requests';
import { expireGuestHoldsFreeing } from '@vet/clinician-time/expire-guest-holds';
import { softBookings } from '@vet/db/schema/appointments';
import { earlierTimeOffers, earlierTimeRequests } from '@vet/db/schema/earlier-times';
import { and, eq, lte } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { scheduleIntervalJob } from '../../platform/index.ts';
import { MINUTE_MS, openDiary } from '../booking/index.ts';
import type { EarlierTimesDeps } from './earlier-times-common.ts';
import { createEarlierTimesDeps } from './earlier-times-routes.ts';
import { endStaleRequests, offerFreedTimes } from './offer-freed-time.ts';

export interface EarlierTimesJobOptions {
  brandName: string;
  portalUrl: string;
  mailFrom?: string;
  /** Milliseconds between runs (default a minute). */
  intervalMs?: number;
}

/**
 * Decision 0086's scheduled job in the running server: every minute, offers whose 15 minutes ran out
 * lapse and go to the next in line, guest holds that ran out are offered, and requests whose date passed
 * end. Every instance runs it; each row is ended once (its UPDATE re-checks its status), so two instances
 * never offer one time twice. A run is skipped while the last is still going.
 */
export const earlierTimesJobPlugin = fp<EarlierTimesJobOptions>(
  (app, options, done) => {
    const deps = createEarlierTimesDeps(app.db, options, app.log.child({ component: 'earlier-times' }));
    scheduleIntervalJob(app, {
      component: 'earlier-times',
      label: 'earlier times',
      intervalMs: options.intervalMs ?? 60_000,
      run: () => runEarlierTimes(deps),
    });
    done();
  },
  { name: 'earlier-times-job' },
);

/**
 * The scheduled job (every minute): offers whose 15 minutes ran out lapse, their holds expire and their
 * time goes to the next in line (the request that let it go waits on, for other times); guest holds that
 * ran out expire and their time is offered; requests whose date passed end.
 */
export async function runEarlierTimes(deps: EarlierTimesDeps): Promise<{ lapsed: number; offered: number }> {
  const now = deps.now();
  const spans: FreedSpan[] = [];
  const due = await deps.db
    .select({ id: earlierTimeOffers.id, clinicianId: earlierTimeOffers.clinicianId })
    .from(earlierTimeOffers)
    .where(and(eq(earlierTimeOffers.status, 'Offered'), lte(earlierTimeOffers.expiresAt, now)));
  let lapsed = 0;
  for (const offer of due) {
    const span = await deps.db.transaction(async (tx) => {
      const diary = await openDiary(tx, { clinicianId: offer.clinicianId, clock: () => now });
      const [ended] = await tx
        .update(earlierTimeOffers)
        .set({ status: 'Lapsed' })
        .where(
          and(
            eq(earlierTimeOffers.id, offer.id),
            eq(earlierTimeOffers.status, 'Offered'),
            lte(earlierTimeOffers.expiresAt, now),
          ),
        )
        .returning();
      if (!ended) return null;
      await tx
        .update(softBookings)
        .set({ status: 'Expired' })
        .where(and(eq(softBookings.id, ended.softBookingId), eq(softBookings.status, 'Held')));
      await diary.releaseHold(ended.softBookingId);
      const [request] = await tx
        .update(earlierTimeRequests)
        .set({ status: 'Waiting' })
        .where(and(eq(earlierTimeRequests.id, ended.requestId), eq(earlierTimeRequests.status, 'Offered')))
        .returning({ practiceId: earlierTimeRequests.practiceId });
      const [hold] = await tx
        .select({ practiceId: softBookings.practiceId })
        .from(softBookings)
        .where(eq(softBookings.id, ended.softBookingId));
      return {
        practiceId: request?.practiceId ?? hold!.practiceId,
        clinicianId: ended.clinicianId,
        startsAt: ended.startsAt,
        endsAt: ended.endsAt,
      };
    });
    if (span) {
      lapsed += 1;
      spans.push(span);
    }
  }
  spans.push(
    ...(await expireGuestHoldsFreeing(deps.db, now, new Date(now.getTime() - GUEST_HOLD_WINDOW_MS))),
  );
  spans.push(...(await endStaleRequests(deps, null)));
  const offered = await offerFreedTimes(deps, spans);
  return { lapsed, offered };
}

/** How far back a guest hold's expiry is still news: the e-mail worker may have expired it first. */
const GUEST_HOLD_WINDOW_MS = 3 * MINUTE_MS;
