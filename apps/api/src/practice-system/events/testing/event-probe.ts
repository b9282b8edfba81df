import type { PracticeEventType } from '@vet/contracts/practice-events';
import type { Database } from '@vet/db/connection';
import { practiceEvents } from '@vet/db/schema/practice-events';
import { and, asc, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';

/** An event as its own transaction saw it, just before committing: its xmin and its record row's. */
export interface SeenEvent {
  id: number;
  type: string;
  recordKind: string;
  recordId: number;
  eventXmin: string;
  recordXmin: string | null;
}

/** The failure a probe throws to roll a change back after its event was written. */
export class ProbeRollback extends Error {
  constructor() {
    super('the probe rolled the change back');
  }
}

/**
 * Wraps a database so that every transaction, just before it commits, reads back the practice events it
 * wrote, with the xmin of each event row and of its record's row (an appointment, pet or client). Equal
 * xmins mean one transaction wrote both. They are read inside the transaction because a committed event
 * row is soon rewritten by whichever sequencer runs next (any test file's dispatcher, on the shared
 * database), which gives it a new xmin; an uncommitted row no other session sees.
 *
 * `rollBackNext(type)` makes the next transaction that wrote an event of that type throw after the
 * probe's read, so the change and everything it wrote roll back: a test then shows the event is gone.
 */
export function probeTransactions(db: Database) {
  const seen: SeenEvent[] = [];
  let rollBackType: PracticeEventType | null = null;

  async function readEvents(tx: Pick<Database, 'execute'>): Promise<SeenEvent[]> {
    // Only rows this transaction wrote carry its xid; a transaction that wrote nothing has none.
    const result = await tx.execute<{
      id: string;
      type: string;
      record_kind: string;
      record_id: number;
      event_xmin: string;
      record_xmin: string | null;
    }>(sql`
      select e.id, e.type, e.record_kind, e.record_id, e.xmin::text as event_xmin,
        case e.record_kind
          when 'appointment' then (select xmin::text from appointments where id = e.record_id)
          when 'pet' then (select xmin::text from pets where id = e.record_id)
          when 'client' then (select xmin::text from clients where id = e.record_id)
        end as record_xmin
      from practice_events e
      where e.position is null and e.xmin = pg_current_xact_id_if_assigned()::xid
      order by e.id`);
    return result.rows.map((row) => ({
      id: Number(row.id),
      type: row.type,
      recordKind: row.record_kind,
      recordId: Number(row.record_id),
      eventXmin: row.event_xmin,
      recordXmin: row.record_xmin,
    }));
  }

  const transaction = (async (run: (tx: unknown) => Promise<unknown>, config?: unknown) =>
    db.transaction(
      async (tx) => {
        const result = await run(tx);
        const events = await readEvents(tx);
        seen.push(...events);
        if (rollBackType !== null && events.some((event) => event.type === rollBackType)) {
          rollBackType = null;
          throw new ProbeRollback();
        }
        return result;
      },
      config as Parameters<Database['transaction']>[1],
    )) as Database['transaction'];

  const probed = new Proxy(db, {
    get: (target, property, receiver) =>
      property === 'transaction' ? transaction : (Reflect.get(target, property, receiver) as unknown),
  });

  return {
    db: probed,
    /** Every event seen inside a transaction, in the order written. */
    seen,
    rollBackNext(type: PracticeEventType) {
      rollBackType = type;
    },
    /** The events of a type about a record, as their transactions saw them. */
    seenAbout(type: PracticeEventType, recordId: number) {
      return seen.filter((event) => event.type === type && event.recordId === recordId);
    },
  };
}
export type TransactionProbe = ReturnType<typeof probeTransactions>;

/** The committed events of a type about a record, oldest first. */
export async function eventsAbout(db: Database, type: PracticeEventType, recordId: number) {
  return db
    .select({ id: practiceEvents.id, data: practiceEvents.data, recordKind: practiceEvents.recordKind })
    .from(practiceEvents)
    .where(and(eq(practiceEvents.type, type), eq(practiceEvents.recordId, recordId)))
    .orderBy(asc(practiceEvents.id));
}

/** The committed events that name a client anywhere in their data (any type), oldest first. */
export async function eventsNamingClient(db: Database, clientId: number) {
  return db
    .select({ id: practiceEvents.id, type: practiceEvents.type })
    .from(practiceEvents)
    .where(sql`(${practiceEvents.data}->>'client_id')::int = ${clientId}`)
    .orderBy(asc(practiceEvents.id));
}

/**
 * The one committed event of a type about a record, asserting that it was written in the change's own
 * transaction: the probe saw it there, with the same xmin as the record's row the change wrote.
 */
export async function theEventWrittenWithItsRecord(
  probe: TransactionProbe,
  type: PracticeEventType,
  recordId: number,
) {
  const events = await eventsAbout(probe.db, type, recordId);
  expect(events, `one ${type} event of record ${recordId}`).toHaveLength(1);
  const [event] = events;
  const inTransaction = probe.seen.filter((seen) => seen.id === event!.id);
  expect(inTransaction, `the ${type} event seen inside a transaction`).toHaveLength(1);
  const [seen] = inTransaction;
  expect(seen!.recordXmin, 'the record row written in the same transaction').toBe(seen!.eventXmin);
  return event!.data;
}

/**
 * A change the probe rolled back after its event was written: the event was there inside the
 * transaction, and neither it nor any other event of its type about the record remains.
 */
export async function expectRolledBack(probe: TransactionProbe, type: PracticeEventType, recordId: number) {
  expect(probe.seenAbout(type, recordId), `a ${type} event written before the rollback`).toHaveLength(1);
  expect(await eventsAbout(probe.db, type, recordId)).toEqual([]);
}
