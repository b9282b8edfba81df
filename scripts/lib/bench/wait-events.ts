import pg from 'pg';

/**
 * What the bench database's active sessions are doing while it runs: every `everyMs`, each active session's
 * wait event from pg_stat_activity (https://www.postgresql.org/docs/current/monitoring-stats.html,
 * "wait_event_type"; none means running on a CPU), counted. A sampled profile, not a trace: it says where
 * the sessions spend their time in proportion, and whether they queue for a lock.
 */
export function sampleWaitEvents(url: string, everyMs = 20) {
  const client = new pg.Client({ connectionString: url });
  const counts = new Map<string, number>();
  let samples = 0;
  let running = true;
  const done = (async () => {
    await client.connect();
    try {
      while (running) {
        const { rows } = await client.query<{ wait: string }>(
          `select coalesce(wait_event_type || ':' || wait_event, 'running') as wait
             from pg_stat_activity
            where datname = current_database() and state = 'active' and pid <> pg_backend_pid()`,
        );
        for (const { wait } of rows) counts.set(wait, (counts.get(wait) ?? 0) + 1);
        samples += 1;
        await new Promise((resolve) => setTimeout(resolve, everyMs));
      }
    } finally {
      await client.end();
    }
  })();
  return {
    /** Stops sampling; one line: the active sessions on average, and the commonest waits' shares. */
    stop: async (top = 6): Promise<string> => {
      running = false;
      await done;
      const total = [...counts.values()].reduce((sum, count) => sum + count, 0);
      const commonest = [...counts]
        .sort(([, a], [, b]) => b - a)
        .slice(0, top)
        .map(([wait, count]) => `${wait} ${((100 * count) / total).toFixed(0)} %`)
        .join(', ');
      return (
        `the database's active sessions: ${(total / Math.max(1, samples)).toFixed(2)} on average over ` +
        `${samples} samples; ${commonest || 'none seen'}`
      );
    },
  };
}
