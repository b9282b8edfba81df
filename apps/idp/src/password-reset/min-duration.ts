/**
 * Runs `work` and answers no sooner than `minimumMs` after it started, so that how long an answer takes
 * does not tell which path the work took (an account found and an e-mail queued, or nothing). Timers
 * round to whole milliseconds and may fire a fraction early by the performance clock, so it sleeps until
 * that clock says the minimum has passed.
 */
export async function withMinimumDuration<T>(minimumMs: number, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    for (let left = minimumMs - (performance.now() - started); left > 0;) {
      await new Promise((resolve) => setTimeout(resolve, Math.ceil(left)));
      left = minimumMs - (performance.now() - started);
    }
  }
}
