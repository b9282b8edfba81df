import type { DatabaseHandle } from '@vet/db/connection';

/** Long enough for a busy database, short enough that a probe never hangs on a dead one. */
const READINESS_TIMEOUT_MS = 2_000;

/** Resolves when the database answers `select 1` in time; rejects otherwise. */
export async function checkDatabase(pool: DatabaseHandle['pool'], timeoutMs = READINESS_TIMEOUT_MS) {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`database did not answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    await Promise.race([pool.query('select 1'), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
