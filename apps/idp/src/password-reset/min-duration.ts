import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Runs `work` and answers no sooner than `minimumMs` after it started, so that how long an answer takes
 * does not tell which path the work took (an account found and an e-mail queued, or nothing).
 */
export async function withMinimumDuration<T>(minimumMs: number, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    const left = minimumMs - (performance.now() - started);
    if (left > 0) await sleep(left);
  }
}
