import type { IntegrationErrorCode } from '@vet/contracts/integration-errors';
import {
  groupListSegments,
  type GroupListSegment,
  type ListEntryBatchResult,
  type ListEntryWrite,
} from '@vet/contracts/integration-list-entries';
import { databaseError } from '@vet/db/database-error';
import { writeGroupEntries, type GroupEntryInput } from '@vet/db/reference/group-entries';
import { parseListEntry } from '@vet/practice-import/kinds/list-entries';
import { lookupListsOf } from '@vet/practice-import/records/pooled-session';
import type pg from 'pg';
import { conflict, unprocessable, type Issue } from '../../platform/index.ts';

/** An entry as the API takes it: list_entries.csv's row as JSON, its synonyms a list. */
export interface ListEntryItem {
  list: GroupListSegment;
  code: string;
  name: string;
  species?: string | null | undefined;
  synonyms?: readonly string[] | undefined;
}

type Answer =
  | { outcome: 'applied' | 'unchanged'; id: number; created: boolean }
  | { outcome: 'refused'; issues: Issue[] };

/**
 * A group's own list entries (decision 0096) by the import's rules (list_entries.csv's) and its one
 * writer, in one transaction: each answered on its own, the valid ones written whatever the others are.
 */
async function writeEntries(
  pool: pg.Pool,
  items: readonly ListEntryItem[],
  place: (index: number) => string,
) {
  const lookups = await lookupListsOf(pool);
  const parsed = items.map((item) =>
    parseListEntry(
      {
        list: groupListSegments[item.list],
        code: item.code,
        name: item.name,
        species: item.species ?? '',
        synonyms: '',
      },
      lookups,
      item.synonyms ?? [],
    ),
  );
  const valid = parsed.flatMap((p, index) =>
    p.ok ? [{ index, entry: { ...p.entry, place: place(index) } satisfies GroupEntryInput }] : [],
  );
  const client = await pool.connect();
  let outcomes;
  let failed = false;
  try {
    await client.query('begin');
    outcomes = await writeGroupEntries(
      client,
      valid.map((v) => v.entry),
    );
    await client.query('commit');
  } catch (error) {
    failed = true;
    await client.query('rollback').catch(() => {});
    const { code } = databaseError(error);
    if (code === '40P01' || code === '23505')
      throw conflict(
        'Another change to these lists was being written at the same time: send it again.',
        'retry_later' satisfies IntegrationErrorCode,
      );
    throw error;
  } finally {
    client.release(failed ? true : undefined);
  }
  const answers: Answer[] = parsed.map((p) =>
    p.ok
      ? { outcome: 'refused', issues: [] }
      : {
          outcome: 'refused',
          issues: p.refusals.map((r) => ({ path: r.column ?? 'body', message: r.reason })),
        },
  );
  valid.forEach(({ index }, i) => {
    const outcome = outcomes[i]!;
    answers[index] =
      outcome.outcome === 'refused'
        ? { outcome: 'refused', issues: outcome.refusals.map((r) => ({ path: r.field, message: r.reason })) }
        : outcome;
  });
  return answers;
}

/** PUT /list-entries/{list}/{code}: 201 when created, 200 changed or unchanged, 422 refused. */
export async function putListEntry(
  pool: pg.Pool,
  item: ListEntryItem,
): Promise<{ created: boolean; write: ListEntryWrite }> {
  const [answer] = await writeEntries(pool, [item], () => 'the path');
  if (!answer) throw new Error('no answer for the entry');
  if (answer.outcome === 'refused')
    throw unprocessable('The list entry was refused: each issue names a field and why.', answer.issues);
  return { created: answer.created, write: { outcome: answer.outcome, id: answer.id } };
}

/** POST /list-entries/batch: every item answered on its own, in order. */
export async function putListEntryBatch(
  pool: pg.Pool,
  items: readonly ListEntryItem[],
): Promise<ListEntryBatchResult> {
  const answers = await writeEntries(pool, items, (index) => `item ${index}`);
  return {
    results: answers.map((answer, index) =>
      answer.outcome === 'refused'
        ? { index, outcome: 'refused', issues: answer.issues }
        : { index, outcome: answer.outcome, id: answer.id },
    ),
  };
}
