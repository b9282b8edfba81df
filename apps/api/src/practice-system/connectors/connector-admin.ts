import type { Database } from '@vet/db/connection';
import { connectorCursors, connectorRefusals, connectorStates } from '@vet/db/schema/connectors';
import { and, asc, eq, sql } from 'drizzle-orm';

/** One connector as the operator's `connectors list` shows it: no record, only kinds, times and counts. */
export interface ConnectorSummary {
  name: string;
  paused: boolean;
  /** Whether an instance holds its lease now (an API instance runs it). */
  reading: boolean;
  kinds: { kind: string; readAt: Date | null; lastError: string | null }[];
  refusedReads: number;
  refusedWrites: number;
  /** Of the refused reads, the desk bookings: times the portal may offer online until they apply. */
  refusedDeskBookings: number;
  /** When a pass last read every kind to its end (null: never), and the seconds since: its lag. */
  lastGoodPassAt: Date | null;
  lagSeconds: number | null;
  /** Passes failed in a row since then, and the last one's cause as a code (decision 0130). */
  failedPasses: number;
  lastFailure: string | null;
  lastFailureAt: Date | null;
}

/**
 * The operator's hold on the connectors (decision 0106): list them, pause and resume one (its reading
 * stops at the next pass; its writes wait, retried until it resumes), re-sync one (its cursors
 * forgotten: the next pass reads the system from the beginning, changing only what differs), and the
 * records refused, by kind, reference and reason.
 */
export function createConnectorAdmin(db: Database) {
  return {
    async list(now: Date = new Date()): Promise<ConnectorSummary[]> {
      const states = await db.select().from(connectorStates).orderBy(asc(connectorStates.name));
      const cursors = await db.select().from(connectorCursors).orderBy(asc(connectorCursors.kind));
      const counts = await db
        .select({
          name: connectorRefusals.name,
          direction: connectorRefusals.direction,
          kind: connectorRefusals.kind,
          n: sql<number>`count(*)`.mapWith(Number),
        })
        .from(connectorRefusals)
        .groupBy(connectorRefusals.name, connectorRefusals.direction, connectorRefusals.kind);
      const count = (name: string, direction: string, kind?: string) =>
        counts
          .filter(
            (c) => c.name === name && c.direction === direction && (kind === undefined || c.kind === kind),
          )
          .reduce((sum, c) => sum + c.n, 0);
      return states.map((state) => ({
        name: state.name,
        paused: state.paused,
        reading: state.leaseUntil !== null && state.leaseUntil.getTime() > now.getTime(),
        kinds: cursors
          .filter((c) => c.name === state.name)
          .map((c) => ({ kind: c.kind, readAt: c.readAt, lastError: c.lastError })),
        refusedReads: count(state.name, 'read'),
        refusedWrites: count(state.name, 'write'),
        refusedDeskBookings: count(state.name, 'read', 'appointments'),
        lastGoodPassAt: state.lastGoodPassAt,
        lagSeconds:
          state.lastGoodPassAt === null
            ? null
            : Math.max(0, Math.floor((now.getTime() - state.lastGoodPassAt.getTime()) / 1000)),
        failedPasses: state.failedPasses,
        lastFailure: state.lastFailure,
        lastFailureAt: state.lastFailureAt,
      }));
    },

    /** Pauses or resumes; false when there is no such connector (it has not started once yet). */
    async setPaused(name: string, paused: boolean): Promise<boolean> {
      const rows = await db
        .update(connectorStates)
        .set({ paused, updatedAt: sql`now()` })
        .where(eq(connectorStates.name, name))
        .returning({ name: connectorStates.name });
      return rows.length === 1;
    },

    /** Forgets the cursors (of one kind, or all): the next pass reads from the beginning. */
    async resync(name: string, kind?: string): Promise<number> {
      const rows = await db
        .update(connectorCursors)
        .set({ cursor: null })
        .where(
          kind === undefined
            ? eq(connectorCursors.name, name)
            : and(eq(connectorCursors.name, name), eq(connectorCursors.kind, kind)),
        )
        .returning({ kind: connectorCursors.kind });
      // A re-sync tries every refused record again at once (decision 0115).
      await db
        .update(connectorRefusals)
        .set({ retries: 0, retryAfter: null })
        .where(
          kind === undefined
            ? eq(connectorRefusals.name, name)
            : and(eq(connectorRefusals.name, name), eq(connectorRefusals.kind, kind)),
        );
      return rows.length;
    },

    /** The refused records: kind, reference and reasons (never the body). */
    async refusals(name: string) {
      return db
        .select({
          direction: connectorRefusals.direction,
          kind: connectorRefusals.kind,
          ref: connectorRefusals.ref,
          reasons: connectorRefusals.reasons,
          seenAt: connectorRefusals.seenAt,
        })
        .from(connectorRefusals)
        .where(eq(connectorRefusals.name, name))
        .orderBy(asc(connectorRefusals.direction), asc(connectorRefusals.kind), asc(connectorRefusals.ref));
    },
  };
}
