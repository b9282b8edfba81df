import fp from 'fastify-plugin';
import { createBookingDeps } from '../booking/index.ts';
import { earlierTimeLinks, withEarlierTimes } from './earlier-times-routes.ts';
import { runEarlierTimes } from './earlier-times-service.ts';

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
    const log = app.log.child({ component: 'earlier-times' });
    const deps = withEarlierTimes(
      createBookingDeps(app.db, options),
      earlierTimeLinks(options.portalUrl),
      log,
    );
    let running: Promise<void> | null = null;
    const tick = () => {
      if (running) return;
      running = runEarlierTimes(deps)
        .then(({ lapsed, offered }) => {
          if (lapsed + offered > 0) log.info({ lapsed, offered }, 'earlier times run');
        })
        .catch((error: unknown) => {
          log.error({ error: error instanceof Error ? error.name : 'unknown' }, 'earlier times run failed');
        })
        .finally(() => {
          running = null;
        });
    };
    const timer = setInterval(tick, options.intervalMs ?? 60_000);
    timer.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await running;
    });
    done();
  },
  { name: 'earlier-times-job' },
);
