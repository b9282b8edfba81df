import pg from 'pg';

/**
 * The longest lock wait seen while it runs: every `everyMs`, the oldest ungranted lock's wait so far
 * (pg_locks.waitstart, PostgreSQL 14 and later) among the sessions on the bench's database (a shared server
 * also serves other databases, whose waits are not the bench's). A wait shorter than the interval may be missed; one of a
 * second or more cannot be.
 */
export function sampleLockWaits(url: string, everyMs = 25) {
  const client = new pg.Client({ connectionString: url });
  let longestMs = 0;
  let samples = 0;
  let running = true;
  const done = (async () => {
    await client.connect();
    try {
      while (running) {
        const { rows } = await client.query<{ ms: number | null }>(
          `select extract(epoch from max(clock_timestamp() - l.waitstart)) * 1000 as ms
             from pg_locks l join pg_stat_activity a on a.pid = l.pid
            where not l.granted and a.datname = current_database()`,
        );
        longestMs = Math.max(longestMs, Number(rows[0]?.ms ?? 0));
        samples += 1;
        await new Promise((resolve) => setTimeout(resolve, everyMs));
      }
    } finally {
      await client.end();
    }
  })();
  return {
    stop: async () => {
      running = false;
      await done;
      return { longestMs, samples };
    },
  };
}
