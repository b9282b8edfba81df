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
/** The page request's headers the proxy reads: the session's cookie, the visitor's address, the request id. */
async function forwardedHeaders(): Promise<Record<string, string>> {
  const incoming = await headers();
  return {
    cookie: incoming.get('cookie') ?? '',
    accept: 'application/json',
    [peerHeader]: incoming.get(peerHeader) ?? '',
    'x-forwarded-for': incoming.get('x-forwarded-for') ?? '',
    // The page request's id, for the API's log lines and the trace (decision 0071).
    [requestIdHeader]: incoming.get(requestIdHeader) ?? '',
  };
}

export async function getFromApiOnServer<S extends z.ZodType>(
  segments: readonly string[],
  schema: S,
  /** The query string's parameters (a list's filter), sent as the browser's query would send them. */
  query?: Readonly<Record<string, string>>,
): Promise<ServerApiResult<z.output<S>>> {
  const search = query && Object.keys(query).length > 0 ? `?${new URLSearchParams(query).toString()}` : '';
  const request = new Request(`http://portal.internal/bff/${segments.join('/')}${search}`, {
    headers: await forwardedHeaders(),
  });
  const response = await proxyToApi(request, segments, proxyOptions(getServerConfig()));
  if (!response.ok) return { status: response.status, data: undefined };
  const parsed = schema.safeParse(await response.json().catch(() => undefined));
  return { status: response.status, data: parsed.success ? parsed.data : undefined };
}

export type ServerApiWrite<T> = ServerApiResult<T> & { code: string | undefined };

/**
 * A POST to the API from a server action, as the signed-in person, through the same proxy as the
 * browser's writes. The action's request passed Next.js's own origin check, so the portal's origin goes
 * with it for the proxy's. `code` is a refusal's code (`amount_changed`), for the page to say why.
 */
export async function postToApiOnServer<S extends z.ZodType>(
  segments: readonly string[],
  body: unknown,
  schema: S,
): Promise<ServerApiWrite<z.output<S>>> {
  const request = new Request(`http://portal.internal/bff/${segments.join('/')}`, {
    method: 'POST',
    headers: {
      ...(await forwardedHeaders()),
      'content-type': 'application/json',
      origin: new URL(getServerConfig().portalUrl).origin,
    },
    body: JSON.stringify(body),
  });
  const response = await proxyToApi(request, segments, proxyOptions(getServerConfig()));
  const json: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const code = (json as { code?: unknown } | undefined)?.code;
    return { status: response.status, data: undefined, code: typeof code === 'string' ? code : undefined };
  }
  const parsed = schema.safeParse(json);
  return { status: response.status, data: parsed.success ? parsed.data : undefined, code: undefined };
}
