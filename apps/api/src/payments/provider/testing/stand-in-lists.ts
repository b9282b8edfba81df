import { integerParam, invalidParam, shown, StandInError } from './stand-in-support.ts';

/**
 * A list answer (https://docs.stripe.com/api/pagination): `object: 'list'`, `data`, `has_more`, `url`;
 * newest first; `limit` 1 to 100 (default 10); `starting_after` an id of the previous page (its last);
 * `ending_before` the page before. `created` is an integer or a range of `gt`, `gte`, `lt`, `lte`
 * (`#/components/schemas/range_query_specs`, e.g. https://docs.stripe.com/api/refunds/list#list_refunds-created).
 */
export interface ApiList<T> {
  object: 'list';
  data: T[];
  has_more: boolean;
  url: string;
}

type Range = { gt?: number; gte?: number; lt?: number; lte?: number };

function rangeOf(value: unknown): Range | undefined {
  if (value === undefined || value === '') return undefined;
  if (typeof value === 'string') {
    const exact = integerParam(value, 'created');
    return { gte: exact, lte: exact };
  }
  if (typeof value !== 'object' || value === null) throw invalidParam('created', 'Invalid created range');
  const raw = value as Record<string, unknown>;
  const range: Range = {};
  for (const key of ['gt', 'gte', 'lt', 'lte'] as const) {
    const bound = integerParam(raw[key], `created[${key}]`);
    if (bound !== undefined) range[key] = bound;
  }
  return range;
}

const inRange = (created: number, range: Range | undefined) =>
  !range ||
  ((range.gt === undefined || created > range.gt) &&
    (range.gte === undefined || created >= range.gte) &&
    (range.lt === undefined || created < range.lt) &&
    (range.lte === undefined || created <= range.lte));

/**
 * One page of `items` (held in creation order) matching `created` and the other `filters` (field: value,
 * a value of undefined matching all). The view makes each served object (a copy, expanded).
 */
export function listPage<T extends { id: string; created: number }, V>(
  items: Iterable<T>,
  params: Record<string, unknown>,
  url: string,
  filters: Record<string, unknown>,
  view: (item: T) => V,
): ApiList<V> {
  const limit = integerParam(params.limit, 'limit') ?? 10;
  if (limit < 1 || limit > 100)
    throw invalidParam('limit', 'limit must be between 1 and 100.', 'parameter_invalid_integer');
  const range = rangeOf(params.created);
  const matching = [...items]
    .filter((item) => inRange(item.created, range))
    .filter((item) =>
      Object.entries(filters).every(
        ([field, wanted]) => wanted === undefined || (item as Record<string, unknown>)[field] === wanted,
      ),
    )
    // Newest first; equal seconds keep the reverse of creation order, so pages are stable.
    .reverse()
    .sort((a, b) => b.created - a.created);
  const cursorIndex = (param: 'starting_after' | 'ending_before') => {
    const id = params[param];
    if (id === undefined || id === '') return undefined;
    const index = matching.findIndex((item) => item.id === id);
    if (index < 0) {
      throw new StandInError(400, 'invalid_request_error', `No such object: '${shown(id)}'`, {
        param,
        code: 'resource_missing',
      });
    }
    return index;
  };
  const after = cursorIndex('starting_after');
  const before = cursorIndex('ending_before');
  let page: T[];
  let hasMore: boolean;
  if (before !== undefined) {
    const start = Math.max(0, before - limit);
    page = matching.slice(start, before);
    hasMore = start > 0;
  } else {
    const start = after === undefined ? 0 : after + 1;
    page = matching.slice(start, start + limit);
    hasMore = start + limit < matching.length;
  }
  return { object: 'list', data: page.map(view), has_more: hasMore, url };
}
