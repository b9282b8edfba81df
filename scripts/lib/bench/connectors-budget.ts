import type { StampedRequest } from './connectors-sites.ts';

const WINDOW_MS = 60_000;

export interface BudgetUse {
  requests: number;
  /** What the published limits allowed over the catch-up for the endpoints it read (see `budgetUse`). */
  allowed: number;
  /** requests / allowed. */
  share: number;
  /** requests / (the per-database limit × minutes), where the vendor has one. */
  databaseShare: number | null;
  tooMany: number;
  /** 429s after the first of their endpoint's window: what the target wants none of. */
  tooManyBeyondFirst: number;
  /** Requests per endpoint (`GET /v1/contact`, `GET client/`). */
  byEndpoint: Map<string, number>;
}

/**
 * The rate budget a catch-up used, from the stand-in's own log. The catch-up is cut into the vendor's
 * minutes from its start; in each, the limits allowed the per-endpoint limit for every endpoint it called
 * that minute, capped by the per-database limit (ezyVet's 180; Provet Cloud has none); a minute begun
 * counts whole, as the vendor allows its limit in it however little of it is used. A reader that reads one kind at a time can use one endpoint's limit a minute at most: this
 * counts that as the budget, not the database's.
 */
export function budgetUse(
  requests: readonly StampedRequest[],
  from: number,
  to: number,
  limits: { perEndpoint: number; perDatabase: number | null },
): BudgetUse {
  const inRange = requests.filter((request) => request.at >= from && request.at <= to);
  const byEndpoint = new Map<string, number>();
  for (const request of inRange)
    byEndpoint.set(request.endpoint, (byEndpoint.get(request.endpoint) ?? 0) + 1);
  let allowed = 0;
  for (let start = from; start < to; start += WINDOW_MS) {
    const endpoints = new Set(
      inRange.filter((r) => r.at >= start && r.at < start + WINDOW_MS).map((r) => r.endpoint),
    );
    const perMinute = Math.min(
      limits.perDatabase ?? Infinity,
      limits.perEndpoint * Math.max(1, endpoints.size),
    );
    allowed += perMinute;
  }
  const tooMany = inRange.filter((request) => request.status === 429);
  const lastTooMany = new Map<string, number>();
  let beyondFirst = 0;
  for (const request of tooMany) {
    const last = lastTooMany.get(request.endpoint);
    if (last !== undefined && request.at - last < WINDOW_MS) beyondFirst += 1;
    else lastTooMany.set(request.endpoint, request.at);
  }
  const minutes = Math.ceil(Math.max(to - from, 1) / WINDOW_MS);
  return {
    requests: inRange.length,
    allowed,
    share: allowed > 0 ? inRange.length / allowed : 0,
    databaseShare: limits.perDatabase === null ? null : inRange.length / (limits.perDatabase * minutes),
    tooMany: tooMany.length,
    tooManyBeyondFirst: beyondFirst,
    byEndpoint,
  };
}

export interface EndpointPace {
  endpoint: string;
  requests: number;
  /** From its first request to its last while catching up. */
  tookMs: number;
  /** The least time the per-endpoint limit allows for as many: a full minute's worth, then the next. */
  fastestMs: number;
}

/**
 * How close each endpoint that the per-endpoint limit held back came to the limit: its requests took
 * `tookMs`, where the limit allows them in `fastestMs` (the first `limit` at once, as many a minute
 * after, and so on). The share over them all is Σ fastest / Σ took: 100 % is every allowed request
 * made as soon as the limit allowed it. Endpoints with no more requests than the limit never waited and
 * are left out.
 */
export function endpointPace(
  requests: readonly StampedRequest[],
  from: number,
  to: number,
  perEndpoint: number,
): { endpoints: EndpointPace[]; share: number } {
  const times = new Map<string, number[]>();
  for (const request of requests) {
    if (request.at < from || request.at > to || request.status === 429) continue;
    const list = times.get(request.endpoint) ?? [];
    list.push(request.at);
    times.set(request.endpoint, list);
  }
  const endpoints = [...times]
    .filter(([, list]) => list.length > perEndpoint)
    .map(([endpoint, list]) => ({
      endpoint,
      requests: list.length,
      tookMs: list[list.length - 1]! - list[0]!,
      fastestMs: (Math.ceil(list.length / perEndpoint) - 1) * WINDOW_MS,
    }));
  const took = endpoints.reduce((sum, pace) => sum + pace.tookMs, 0);
  const fastest = endpoints.reduce((sum, pace) => sum + pace.fastestMs, 0);
  return { endpoints, share: took > 0 ? fastest / took : 1 };
}
