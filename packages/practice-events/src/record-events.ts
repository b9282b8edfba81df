import {
  practiceEventDataSchemas,
  practiceEventRecordIdField,
  practiceEventRecordKindOf,
  type PracticeEventData,
  type PracticeEventType,
} from '@vet/contracts/practice-events';
import { sql } from 'drizzle-orm';
import type { Database, Executor } from '@vet/db/connection';
import { lockSpaces } from '@vet/db/lock-spaces';

/** The channel an event's commit wakes the dispatchers on (the payload is empty: they read the table). */
export const practiceEventsChannel = 'practice_events';

const recordIdField = practiceEventRecordIdField;

/**
 * The practice an event is of (decision 0105), from its data `d`: the practice it names, else its
 * appointment's, else its client's home practice (read after the change wrote it, so a new home practice).
 */
const practiceOfData = (d: ReturnType<typeof sql>) => sql`coalesce(
  (${d}->>'practice_id')::int,
  (select a.practice_id from appointments a where a.id = (${d}->>'appointment_id')::int),
  (select c.home_practice_id from clients c where c.id = (${d}->>'client_id')::int))`;

/** An event's data checked against its type's schema, and the id of the record it is about. */
function checkedEvent<T extends PracticeEventType>(type: T, data: PracticeEventData<T>) {
  const checked = practiceEventDataSchemas[type].parse(data) as Record<string, unknown>;
  const recordKind = practiceEventRecordKindOf[type];
  return { recordKind, recordId: checked[recordIdField[recordKind]] as number, data: checked };
}

/**
 * Writes an event of a change the practice's system should know, through the change's own executor (its
 * transaction), so the event and the change commit together or not at all (decision 0067).
 *
 * Call it after the change has written its record's row: that row's lock is what keeps one record's
 * events in order (a second change of the record waits for the first to commit before it writes its own
 * event, so its id is the higher one). The data is checked against its type's schema here.
 */
export async function recordPracticeEvent<T extends PracticeEventType>(
  executor: Executor,
  type: T,
  data: PracticeEventData<T>,
): Promise<number> {
  const { recordKind, recordId, data: checked } = checkedEvent(type, data);
  const result = await executor.execute<{ id: string }>(sql`
    with event as (
      insert into practice_events (type, record_kind, record_id, data, practice_id)
      select ${type}, ${recordKind}, ${recordId}, d.data, ${practiceOfData(sql`d.data`)}
      from (select ${JSON.stringify(checked)}::jsonb as data) d
      returning id
    )
    select id, pg_notify(${practiceEventsChannel}, '') from event`);
  return Number(result.rows[0]!.id);
}

/**
 * Writes events of one type for several records in one statement, as `recordPracticeEvent` writes one
 * (each checked against the type's schema): for a batch job that changes many records at once.
 */
export async function recordPracticeEvents<T extends PracticeEventType>(
  executor: Executor,
  type: T,
  items: readonly PracticeEventData<T>[],
): Promise<void> {
  if (items.length === 0) return;
  const recordKind = practiceEventRecordKindOf[type];
  const rows = items.map((item) => {
    const { recordId, data } = checkedEvent(type, item);
    return { record_id: recordId, data };
  });
  await executor.execute(sql`
    with events as (
      insert into practice_events (type, record_kind, record_id, data, practice_id)
      select ${type}, ${recordKind}, r.record_id, r.data, ${practiceOfData(sql`r.data`)}
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(record_id bigint, data jsonb)
      returning id
    )
    select pg_notify(${practiceEventsChannel}, '') where exists (select from events)`);
}

/**
 * Numbers the committed events that have no position yet, in id order, and writes a delivery of each to
 * every active endpoint, in one transaction under an advisory lock (one sequencer at a time; another
 * caller returns 0 at once). An event still being written is invisible here and gets a later position
 * when it commits, so a reader that passed position N never misses an event numbered below N. Returns
 * how many events it numbered.
 */
export async function sequencePracticeEvents(db: Database, batchSize = 5000): Promise<number> {
  return db.transaction(async (tx) => {
    // The lock first, in its own statement: the numbering's snapshot must see the last sequencer's commit.
    const turn = await tx.execute<{ mine: boolean }>(
      sql`select pg_try_advisory_xact_lock(${lockSpaces.practiceEventSequencer}, 0) as mine`,
    );
    if (!turn.rows[0]?.mine) return 0;
    const result = await tx.execute<{ numbered: string }>(sql`
      with waiting as (
        select id, row_number() over (order by id) as n
        from practice_events
        where position is null
        order by id
        limit ${batchSize}
      ),
      base as (
        select coalesce(max(position), 0) as last from practice_events
      ),
      numbered as (
        update practice_events e set position = base.last + waiting.n
        from waiting, base
        where e.id = waiting.id
        returning e.id, e.position, e.record_kind, e.record_id, e.type, e.practice_id
      ),
      deliveries as (
        insert into webhook_deliveries (endpoint_id, event_id, position, record_key)
        select endpoint.id, numbered.id, numbered.position, numbered.record_kind || ':' || numbered.record_id
        from numbered cross join webhook_endpoints endpoint
        where endpoint.active
          -- An endpoint's filters (decision 0105): only its practices' events, only its types.
          and (endpoint.event_types is null or numbered.type = any(endpoint.event_types))
          and (endpoint.practice_refs is null or exists (
            select from practices p
            where p.id = numbered.practice_id and p.pms_ref = any(endpoint.practice_refs)))
      )
      select count(*) as numbered from numbered`);
    return Number(result.rows[0]?.numbered ?? 0);
  });
}
