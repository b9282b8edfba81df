import type { DatabaseHandle } from '@vet/db/connection';
import pino from 'pino';
import { practiceBookingDeps } from '../../desk-bookings/testing/practice-fixtures.ts';
import { createConnectorStore } from '../connector-store.ts';
import type { SyncDeps } from '../connector-sync.ts';

/** A sync's deps on a test's database: the real store and apply, silent logs, no metrics. */
export function syncDepsOf(
  database: Pick<DatabaseHandle, 'db' | 'pool'>,
  clock: () => Date = () => new Date(),
): SyncDeps {
  const log = pino({ level: 'silent' });
  return {
    store: createConnectorStore(database.db),
    apply: {
      records: { db: database.db, pool: database.pool },
      bookings: practiceBookingDeps(database.db),
      log,
    },
    metrics: undefined,
    log,
    clock,
  };
}
