import autocannon from 'autocannon';

export interface LoadFigures {
  sent: number;
  answered: number;
  /** Connection errors (timeouts among them) and non-2xx answers: a request the client saw fail. */
  failed: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** Each status other than 200, with how many requests answered it. */
  statuses: Record<number, number>;
  /** The slowest answer, ms. */
  slowest: number;
  /** The longest time between two answers, ms: how long the portal, as its users see it, stood still. */
  longestPause: number;
}

/**
 * Bounded load through nginx while `during` runs (the drain or the restarts): autocannon at a fixed overall
 * rate on a few connections, stopped once `during` has finished. Idempotent GETs, as nginx retries only
 * those: a page the web serves alone and one its BFF answers from the API and the database.
 */
export async function underLoad(url: string, during: () => Promise<void>): Promise<LoadFigures> {
  let lastAnswer = 0;
  let longestPause = 0;
  let answers = 0;
  let resolveFirst: () => void = () => {};
  const firstAnswers = new Promise<void>((resolve) => (resolveFirst = resolve));
  let result: autocannon.Result | undefined;
  let failedToRun: Error | undefined;
  let resolveDone: () => void = () => {};
  const done = new Promise<void>((resolve) => (resolveDone = resolve));
  const instance = autocannon(
    {
      url,
      connections: 8,
      overallRate: 300,
      // Far above any answer here: a request that takes this long has failed.
      timeout: 20,
      // Longer than any phase: stop() ends it.
      duration: 600,
      requests: [{ path: '/api/config' }, { path: '/bff/online-practices' }],
    },
    (error: unknown, finished) => {
      if (error) failedToRun = error as Error;
      result = finished;
      resolveDone();
    },
  );
  const statuses: Record<number, number> = {};
  instance.on('response', (_client: unknown, status: number) => {
    if (status !== 200) statuses[status] = (statuses[status] ?? 0) + 1;
    const now = performance.now();
    if (lastAnswer > 0) longestPause = Math.max(longestPause, now - lastAnswer);
    lastAnswer = now;
    if (++answers === 100) resolveFirst();
  });
  try {
    // Under load first: the phase begins once a hundred answers have come back.
    await Promise.race([firstAnswers, done]);
    await during();
  } finally {
    instance.stop();
    await done;
  }
  if (failedToRun || !result) throw failedToRun ?? new Error('autocannon gave no result');
  return {
    sent: result.requests.sent,
    answered: result['2xx'] + result.non2xx,
    failed: result.errors + result.non2xx,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statuses,
    slowest: result.latency.max,
    longestPause: Math.round(longestPause),
  };
}
