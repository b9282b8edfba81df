import type { Database } from '@vet/db/connection';
import { connectorCursors, connectorRefusals, connectorStates } from '@vet/db/schema/connectors';
import { and, eq, inArray, sql } from 'drizzle-orm';

/** A refusal's reasons as the integration API words them: a field's path and the rule it broke. */
export interface RefusalReason {
  path: string;
  message: string;
}

/** A read record kept to try again: its body, and its list values' codes where the system gave them. */
export interface RefusedRead {
  body: Record<string, unknown>;
  codes?: Readonly<Record<string, string>> | undefined;
}

/** A read record refused again waits this long before its next try, doubling each time to the cap. */
export const refusalBackoff = { firstMs: 60_000, maxMs: 60 * 60_000 };

/**
 * What the connectors keep in the database (decision 0106): a state row per connector (paused, and the
 * lease of the instance reading for it), a cursor per kind, and the records refused.
 */
export function createConnectorStore(db: Database) {
  return {
    /** Makes sure the connector has its state row (a connector added to the config starts unpaused). */
    async ensure(name: string): Promise<void> {
      await db.insert(connectorStates).values({ name }).onConflictDoNothing();
    },

    /**
     * Takes or extends the lease of reading for this connector, for `ms` from now: true when this instance
     * holds it (it was free, lapsed, or already this one's) and the connector is not paused.
     */
    async lease(name: string, owner: string, ms: number): Promise<boolean> {
      const rows = await db
        .update(connectorStates)
        .set({ leaseOwner: owner, leaseUntil: sql`now() + ${`${ms} milliseconds`}::interval` })
        .where(
          and(
            eq(connectorStates.name, name),
            eq(connectorStates.paused, false),
            sql`(${connectorStates.leaseOwner} = ${owner} or ${connectorStates.leaseUntil} is null or ${connectorStates.leaseUntil} < now())`,
          ),
        )
        .returning({ name: connectorStates.name });
      return rows.length === 1;
    },

    async isPaused(name: string): Promise<boolean> {
      const [row] = await db
        .select({ paused: connectorStates.paused })
        .from(connectorStates)
        .where(eq(connectorStates.name, name));
      return row?.paused ?? false;
    },

    async release(name: string, owner: string): Promise<void> {
      await db
        .update(connectorStates)
        .set({ leaseOwner: null, leaseUntil: null })
        .where(and(eq(connectorStates.name, name), eq(connectorStates.leaseOwner, owner)));
    },

    /**
     * The desk bookings the connector read and the portal refused (by their own data, never a pet's
     * labels: decision 0131): their times the portal may offer online until they apply.
     */
    async refusedDeskBookings(name: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(connectorRefusals)
        .where(
          and(
            eq(connectorRefusals.name, name),
            eq(connectorRefusals.direction, 'read'),
            eq(connectorRefusals.kind, 'appointments'),
          ),
        );
      return row?.n ?? 0;
    },

    /** A pass read every kind to its end at `at`: the connector's failures in a row end (decision 0130). */
    async passSucceeded(name: string, at: Date): Promise<void> {
      await db
        .update(connectorStates)
        .set({ lastGoodPassAt: at, failedPasses: 0, lastFailure: null, lastFailureAt: null })
        .where(eq(connectorStates.name, name));
    },

    /**
     * A pass failed at `at`, by `code` (passFailureOf: never an answer's text): one more in a row. Answers
     * the count in a row and the last good pass, for the metrics.
     */
    async passFailed(
      name: string,
      code: string,
      at: Date,
    ): Promise<{ failedPasses: number; lastGoodPassAt: Date | null }> {
      const [row] = await db
        .update(connectorStates)
        .set({
          failedPasses: sql`${connectorStates.failedPasses} + 1`,
          lastFailure: code,
          lastFailureAt: at,
        })
        .where(eq(connectorStates.name, name))
        .returning({
          failedPasses: connectorStates.failedPasses,
          lastGoodPassAt: connectorStates.lastGoodPassAt,
        });
      return row ?? { failedPasses: 0, lastGoodPassAt: null };
    },

    async cursor(name: string, kind: string): Promise<string | null> {
      const [row] = await db
        .select({ cursor: connectorCursors.cursor })
        .from(connectorCursors)
        .where(and(eq(connectorCursors.name, name), eq(connectorCursors.kind, kind)));
      return row?.cursor ?? null;
    },

    /** The cursor after a page was applied; clears the kind's last failure. */
    async advance(name: string, kind: string, cursor: string): Promise<void> {
      await db
        .insert(connectorCursors)
        .values({ name, kind, cursor, readAt: sql`now()` })
        .onConflictDoUpdate({
          target: [connectorCursors.name, connectorCursors.kind],
          set: { cursor, readAt: sql`now()`, lastError: null, lastErrorAt: null },
        });
    },

    /** A failed read of a kind: its code only (`unavailable`, `auth_failed`, …), never an answer's text. */
    async failed(name: string, kind: string, code: string): Promise<void> {
      await db
        .insert(connectorCursors)
        .values({ name, kind, lastError: code, lastErrorAt: sql`now()` })
        .onConflictDoUpdate({
          target: [connectorCursors.name, connectorCursors.kind],
          set: { lastError: code, lastErrorAt: sql`now()` },
        });
    },

    /**
     * Notes a refused record, replacing its earlier refusal. A record refused again when tried from here
     * (`retried`) waits twice as long as last time before its next try, up to the cap; one the system sent
     * afresh is tried at the next pass (its body may be what changed). `read` is the record as read, to
     * try again: its body and its list values' codes.
     */
    async refusal(
      name: string,
      direction: 'read' | 'write',
      kind: string,
      ref: string,
      reasons: readonly RefusalReason[],
      read: RefusedRead | null = null,
      retried = false,
    ): Promise<void> {
      const body = read?.body ?? null;
      const codes = read?.codes && Object.keys(read.codes).length > 0 ? read.codes : null;
      const retries = retried ? sql`${connectorRefusals.retries} + 1` : sql`0`;
      const retryAfter = retried
        ? sql`now() + least(${`${refusalBackoff.firstMs} milliseconds`}::interval * power(2, ${connectorRefusals.retries}), ${`${refusalBackoff.maxMs} milliseconds`}::interval)`
        : sql`null`;
      await db
        .insert(connectorRefusals)
        .values({ name, direction, kind, ref, reasons: [...reasons], body, codes })
        .onConflictDoUpdate({
          target: [
            connectorRefusals.name,
            connectorRefusals.direction,
            connectorRefusals.kind,
            connectorRefusals.ref,
          ],
          set: { reasons: [...reasons], body, codes, seenAt: sql`now()`, retries, retryAfter },
        });
    },

    /**
     * Records refused for naming a record that has now applied (a pet for its client, a desk booking for
     * its clinician) are tried at the next pass, whatever their back-off: `field` is the applied kind's
     * reference field (`client_ref`), `refs` the references applied.
     */
    async retrySoon(name: string, field: string, refs: readonly string[]): Promise<void> {
      if (refs.length === 0) return;
      await db
        .update(connectorRefusals)
        .set({ retries: 0, retryAfter: null })
        .where(
          and(
            eq(connectorRefusals.name, name),
            eq(connectorRefusals.direction, 'read'),
            sql`${connectorRefusals.retryAfter} is not null`,
            inArray(sql`${connectorRefusals.body} ->> ${field}`, [...refs]),
          ),
        );
    },

    /** Read records of a kind refused before, to apply again (oldest first, a page at a time). */
    async refusedReads(name: string, kind: string, limit: number) {
      const rows = await db
        .select({ ref: connectorRefusals.ref, body: connectorRefusals.body, codes: connectorRefusals.codes })
        .from(connectorRefusals)
        .where(
          and(
            eq(connectorRefusals.name, name),
            eq(connectorRefusals.direction, 'read'),
            eq(connectorRefusals.kind, kind),
            sql`${connectorRefusals.body} is not null`,
            sql`(${connectorRefusals.retryAfter} is null or ${connectorRefusals.retryAfter} <= now())`,
          ),
        )
        .orderBy(connectorRefusals.seenAt)
        .limit(limit);
      return rows.map((row) => ({
        ref: row.ref,
        body: row.body ?? {},
        ...(row.codes ? { codes: row.codes } : {}),
      }));
    },

    /** Clears the refusals of records that have since applied (one statement for a page). */
    async clearRefusals(name: string, direction: 'read' | 'write', kind: string, refs: readonly string[]) {
      if (refs.length === 0) return;
      await db
        .delete(connectorRefusals)
        .where(
          and(
            eq(connectorRefusals.name, name),
            eq(connectorRefusals.direction, direction),
            eq(connectorRefusals.kind, kind),
            inArray(connectorRefusals.ref, [...refs]),
          ),
        );
    },
  };
}

export type ConnectorStore = ReturnType<typeof createConnectorStore>;
