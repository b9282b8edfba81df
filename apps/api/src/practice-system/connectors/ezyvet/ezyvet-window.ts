import { z } from 'zod';
import { listOf } from './ezyvet-answers.ts';
import type { EzyvetHttp } from './ezyvet-http.ts';

/**
 * Reading a kind by modification time without skipping or repeating (decision 0107). ezyVet filters
 * `modified_at` with comparators (https://developers.ezyvet.com/guides/api-filtering.html) and pages with
 * `page`/`limit` and a meta block. Paging by page number while records change would shift them between
 * pages, so a window is read instead:
 * - a window is [since, until] of modified_at, `until` the second before the vendor's own clock
 *   (meta.timestamp) when the window opened: a change made while we read stamps a later second and falls
 *   in the next window, so a window's content is fixed;
 * - within it, records come by ascending id, each request page 1 of `id > the last id read`;
 * - first the active records (the records), then the inactive ones (ezyVet deactivates rather than
 *   deletes: those are the deleted references);
 * - then the next window starts at until + 1.
 * The documentation we read is silent on the order of a list: the stand-in answers by id, and so this
 * relies on it (decision 0107 names it for the sandbox check).
 */

const windowCursorSchema = z.object({
  s: z.number().int(),
  u: z.number().int().nullable(),
  a: z.number().int(),
  p: z.enum(['a', 'i']),
});
export type WindowCursor = z.infer<typeof windowCursorSchema>;
export { windowCursorSchema };

export const windowStart: WindowCursor = { s: 0, u: null, a: 0, p: 'a' };

export interface WindowPage<R> {
  /** Active records changed in the window. */
  rows: R[];
  /** Records made inactive in the window: ezyVet's deletions. */
  gone: R[];
  next: WindowCursor;
  /** This window has more to read (the next page, or its deletions). */
  more: boolean;
}

/** One page of a window; `extra` narrows the query (never on modified_at, id or active). */
export async function windowPage<S extends z.ZodType<{ id: number; modified_at: number }>>(
  http: EzyvetHttp,
  path: string,
  key: string,
  schema: S,
  cursor: WindowCursor,
  signal?: AbortSignal,
): Promise<WindowPage<z.infer<S>>> {
  const body = await http.get(
    path,
    {
      active: cursor.p === 'a',
      modified_at: cursor.u === null ? { gte: cursor.s } : { gte: cursor.s, lte: cursor.u },
      id: cursor.a > 0 ? { gt: cursor.a } : undefined,
      limit: http.options.pageSize ?? 200,
      page: 1,
    },
    signal,
  );
  const { meta, rows } = listOf(body, key, schema);
  // Without the vendor's clock, a minute's allowance for the two clocks' difference.
  const until = cursor.u ?? (meta.timestamp ?? Math.floor(http.now() / 1000) - 60) - 1;
  const inWindow = rows.filter((row) => row.modified_at <= until);
  const lastId = rows.at(-1)?.id ?? cursor.a;
  // The pages after this one (items_page_total counts them from here: `id >` the last read), and the
  // deletions' phase after the records'.
  http.backlog(path, Math.max(0, meta.items_page_total - 1) + (cursor.p === 'a' ? 1 : 0));
  if (meta.items_page_total > 1) {
    return { ...split(cursor.p, inWindow), next: { ...cursor, u: until, a: lastId }, more: true };
  }
  if (cursor.p === 'a') {
    return { ...split('a', inWindow), next: { s: cursor.s, u: until, a: 0, p: 'i' }, more: true };
  }
  return { ...split('i', inWindow), next: { s: until + 1, u: null, a: 0, p: 'a' }, more: false };
}

function split<R>(phase: 'a' | 'i', rows: R[]): { rows: R[]; gone: R[] } {
  return phase === 'a' ? { rows, gone: [] } : { rows: [], gone: rows };
}

/**
 * A kind whose record has children that change on their own (a clinician's planning guides, a client's
 * contact details): the parents' window, then the children's, whose changed rows name parents to read
 * again. `on` says which of the two this read continues.
 */
export const pairCursorSchema = z.object({
  on: z.enum(['parent', 'child']),
  parent: windowCursorSchema,
  child: windowCursorSchema,
});
export type PairCursor = z.infer<typeof pairCursorSchema>;
export const pairStart: PairCursor = { on: 'parent', parent: windowStart, child: windowStart };

/** Reads a cursor the connection wrote (null: the first sync). */
export function readCursor<T>(schema: z.ZodType<T>, cursor: string | null, start: T): T {
  if (cursor === null) return start;
  try {
    return schema.parse(JSON.parse(cursor));
  } catch {
    throw new Error('The cursor is not an ezyVet connection cursor');
  }
}
