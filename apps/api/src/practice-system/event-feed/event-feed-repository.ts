import { practiceEventId, type PracticeEventEnvelope } from '@vet/contracts/practice-events';
import type { Database } from '@vet/db/connection';
import { practiceEvents } from '@vet/db/schema/practice-events';
import { and, asc, gt, inArray, sql } from 'drizzle-orm';

/** Which events a reader gets (decision 0105): of its practices (references) or all, of some types or all. */
export interface FeedFilter {
  practiceRefs: 'all' | readonly string[];
  types?: readonly string[];
}

export interface FeedItem {
  position: number;
  envelope: PracticeEventEnvelope;
}

/**
 * Sequenced events after a position, in position order. Only numbered events are read: an event still
 * being written gets a position above every one numbered before it commits, so a reader that has passed
 * position N never misses it (packages/practice-events/src/record-events.ts).
 */
export async function listEventsAfter(
  db: Database,
  after: number,
  limit: number,
  filter: FeedFilter = { practiceRefs: 'all' },
): Promise<FeedItem[]> {
  const { practiceRefs, types } = filter;
  const rows = await db
    .select({
      id: practiceEvents.id,
      position: practiceEvents.position,
      type: practiceEvents.type,
      occurredAt: practiceEvents.occurredAt,
      data: practiceEvents.data,
    })
    .from(practiceEvents)
    .where(
      and(
        gt(practiceEvents.position, after),
        types === undefined ? undefined : inArray(practiceEvents.type, [...types]),
        practiceRefs === 'all'
          ? undefined
          : sql`${practiceEvents.practiceId} in (select id from practices where pms_ref in (select jsonb_array_elements_text(${JSON.stringify(practiceRefs)}::jsonb)))`,
      ),
    )
    .orderBy(asc(practiceEvents.position))
    .limit(limit);
  return rows.map((row) => ({
    position: row.position!,
    envelope: {
      id: practiceEventId(row.id),
      type: row.type as PracticeEventEnvelope['type'],
      timestamp: row.occurredAt.toISOString(),
      data: row.data as PracticeEventEnvelope['data'],
    },
  }));
}
