import { headers } from 'next/headers';
import type { z } from 'zod';
import { getServerConfig } from '@/config/server';
import { requestIdHeader } from '@/observability/logger';
import { peerHeader } from './client-address';
import { proxyOptions, proxyToApi } from './proxy';

export type ServerApiResult<T> = { status: number; data: T | undefined };

/**
 * A GET to the API while a page renders on the server, as the signed-in person: the same path as the
 * browser's `/bff` calls (the session's token attached here, never shown to the browser), for what a
 * page must know before the browser runs, such as a pet's name in the page title. `data` is set only
 * for a 2xx answer of the expected shape; the proxy turns an unreachable API into a 502.
 *
 * The page request's address headers go along, so the proxy names the visitor to the API as for `/bff`
 * (client-address.ts): without them, every visitor's render counted against the web server's own address,
 * and a burst of anonymous /guest loads used up the API's allowance for everyone.
 */
export async function getFromApiOnServer<S extends z.ZodType>(
  segments: readonly string[],
  schema: S,
  /** The query string's parameters (a list's filter), sent as the browser's query would send them. */
  query?: Readonly<Record<string, string>>,
): Promise<ServerApiResult<z.output<S>>> {
  const incoming = await headers();
  const search = query && Object.keys(query).length > 0 ? `?${new URLSearchParams(query).toString()}` : '';
  const request = new Request(`http://portal.internal/bff/${segments.join('/')}${search}`, {
    headers: {
      cookie: incoming.get('cookie') ?? '',
      accept: 'application/json',
      [peerHeader]: incoming.get(peerHeader) ?? '',
      'x-forwarded-for': incoming.get('x-forwarded-for') ?? '',
      // The page request's id, for the API's log lines and the trace (decision 0071).
      [requestIdHeader]: incoming.get(requestIdHeader) ?? '',
    },
  });
  const response = await proxyToApi(request, segments, proxyOptions(getServerConfig()));
  if (!response.ok) return { status: response.status, data: undefined };
  const parsed = schema.safeParse(await response.json().catch(() => undefined));
  return { status: response.status, data: parsed.success ? parsed.data : undefined };
}
