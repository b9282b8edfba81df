import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

export interface IntervalJob {
  /** The log lines' component, and the name of the run in them ("earlier times", "payment sweep"). */
  component: string;
  label: string;
  /** Milliseconds between runs. */
  intervalMs: number;
  /** One run; what it did, as counts (never a person's data): logged when any is above zero. */
  run: (log: FastifyBaseLogger) => Promise<Record<string, number>>;
}

/**
 * A job every interval in this process (the minute jobs of decisions 0086 and 0157): a run is skipped
 * while the last is still going, its counts are logged, a failure is logged by its error's name only, and
 * closing the app waits for the run in hand. Every instance may run it: the job itself must make a second
 * instance's run harmless (re-checked updates, row locks).
 */
export function scheduleIntervalJob(app: FastifyInstance, job: IntervalJob): void {
  const log = app.log.child({ component: job.component });
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = job
      .run(log)
      .then((counts) => {
        if (Object.values(counts).some((count) => count > 0)) log.info(counts, `${job.label} run`);
      })
      .catch((error: unknown) => {
        log.error({ error: error instanceof Error ? error.name : 'unknown' }, `${job.label} run failed`);
      })
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, job.intervalMs);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
