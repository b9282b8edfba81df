import { trace } from '@opentelemetry/api';
import { bffDevelopmentPrefixes, bffForwardedPrefixes } from '@vet/contracts/bff-paths';
import { newRequestId, traceparentFor } from '@vet/telemetry/trace-context';
import { clientAddress } from './client-address';
import type { ApiError as ApiErrorBody } from '@vet/contracts/errors';
import type { ServerConfig } from '@/config/server';
import { requestIdOf, serializeError, serverLog } from '@/observability/logger';
import type { AccountDeletionDeps } from '@/shared/auth-session/server/account-deletion';
import { withAccessToken } from './access-token';
import { isAccountDeletion, revokeBeforeForwardingDeletion } from './account-deletion';
import {
  attachmentResponseHeaders,
  attachmentTimeoutMs,
  countedUpload,
  isAttachmentTransfer,
  withRange,
} from './attachment-transfer';

/**
 * The same-origin proxy behind /bff/*: the browser calls this app, and this app calls the API at
 * API_URL. Only an allow-list of headers crosses in either direction: the browser's cookies stay here
 * (the session is read server side) and the API's cookies never reach the browser.
 */

export const upstreamTimeoutMs = 10_000;
/** Request bodies are small JSON documents; anything larger is refused before it reaches the API. */
export const maxRequestBodyBytes = 1_048_576;

const forwardedRequestHeaders = ['content-type', 'accept', 'x-nocache', 'x-refreshcache', 'idempotency-key'];
const returnedResponseHeaders = ['content-type', 'cache-control', 'content-disposition', 'retry-after'];
const nullBodyStatuses = new Set([101, 204, 205, 304]);
const unavailableMessage = 'The service is unavailable. Please try again shortly.';

export type ProxyOptions = {
  /** The API's base URL (API_URL), without a trailing slash. */
  apiUrl: string;
  /** The portal's own address (PORTAL_URL): writes must come from its origin. */
  portalUrl: string;
  /** TRUSTED_PROXY_HOPS: how many proxies in front of the web append to X-Forwarded-For (client-address.ts). */
  trustedProxyHops?: number;
  /** The web server's start-up token (PORTAL_PEER_TOKEN): without it, no client address is believed. */
  peerToken?: string;
  /** Forward the API's development routes (/dev/*): DEV_ROUTES, never in production. */
  developmentRoutes?: boolean;
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** Where failures are reported: the server's JSON log (with the request's id), unless a test listens. */
  log?: (message: string) => void;
  /** Puts the session's bearer on the headers (access-token.ts; tests replace it). */
  attachAccessToken?: (request: Request, headers: Headers) => Promise<Headers>;
  /** What revoking refresh tokens before an account's deletion uses (account-deletion.ts); unset: the server's. */
  accountDeletion?: AccountDeletionDeps;
};

/** The proxy's options from the web configuration. */
export function proxyOptions(
  config: Pick<ServerConfig, 'apiUrl' | 'portalUrl' | 'trustedProxyHops' | 'peerToken' | 'devRoutes'>,
): ProxyOptions {
  return {
    apiUrl: config.apiUrl,
    portalUrl: config.portalUrl,
    trustedProxyHops: config.trustedProxyHops,
    peerToken: config.peerToken,
    developmentRoutes: config.devRoutes,
  };
}

/** A response in the API's own error shape, so the browser handles proxy failures like API failures. */
export function apiErrorResponse(statusCode: number, error: string, message: string): Response {
  const body: ApiErrorBody = { statusCode, error, message };
  return Response.json(body, { status: statusCode, headers: { 'cache-control': 'no-store' } });
}

/**
 * The API URL for the decoded path segments of /bff/[...path], or null when a segment could climb out
 * of the path (`.`, `..`) or smuggle a separator.
 */
export function buildUpstreamUrl(apiUrl: string, segments: readonly string[], search: string): string | null {
  if (segments.length === 0) return null;
  for (const segment of segments) {
    if (segment === '' || segment === '.' || segment === '..' || /[/\\]/.test(segment)) return null;
  }
  const path = segments.map((segment) => encodeURIComponent(segment)).join('/');
  return `${apiUrl.replace(/\/+$/, '')}/${path}${search}`;
}

function pickHeaders(source: Headers, names: readonly string[]): Headers {
  const picked = new Headers();
  for (const name of names) {
    const value = source.get(name);
    if (value !== null) picked.set(name, value);
  }
  return picked;
}

/**
 * The request headers the API may see: the allow-list, plus the client's address as this server
 * established it (client-address.ts), never an X-Forwarded-For the browser wrote, and the request's id in
 * a W3C `traceparent` (decision 0071): the API logs the request under the same id. With tracing on, the
 * fetch instrumentation writes the traceparent of its own span instead, in the same trace.
 */
export function forwardedHeaders(
  request: Request,
  options: Pick<ProxyOptions, 'trustedProxyHops' | 'peerToken'> = {},
): Headers {
  const headers = pickHeaders(request.headers, forwardedRequestHeaders);
  const address = clientAddress(request.headers, {
    trustedProxyHops: options.trustedProxyHops ?? 0,
    peerToken: options.peerToken,
  });
  if (address) headers.set('x-forwarded-for', address);
  if (trace.getActiveSpan() === undefined) {
    headers.set('traceparent', traceparentFor(requestIdOf(request.headers) ?? newRequestId()));
  }
  return headers;
}

/**
 * Whether the first path segment is an API area the browser may reach (packages/contracts/src/bff-paths.ts).
 * `dev` only with development routes on (DEV_ROUTES: npm start and the tests, whose web server runs in
 * production mode too): in production it is refused here, and the API would not serve it either.
 */
export function isForwardedPath(segments: readonly string[], developmentRoutes = false): boolean {
  const first = segments[0];
  if (first === undefined) return false;
  const allowed: readonly string[] = developmentRoutes
    ? [...bffForwardedPrefixes, ...bffDevelopmentPrefixes]
    : bffForwardedPrefixes;
  return allowed.includes(first);
}

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence for writes: a POST/PUT/PATCH/DELETE must carry the portal's own `Origin`, or, when a
 * browser sent no Origin, `Sec-Fetch-Site: same-origin`. `null` origins, other sites and sibling
 * subdomains (`same-site`) are refused; so are requests with neither header (not a browser we serve).
 */
export function isSameOriginWrite(request: Request, portalUrl: string): boolean {
  if (safeMethods.has(request.method)) return true;
  const origin = request.headers.get('origin');
  if (origin !== null) return origin === new URL(portalUrl).origin;
  return request.headers.get('sec-fetch-site') === 'same-origin';
}

export function crossSiteWriteResponse(): Response {
  return apiErrorResponse(403, 'Forbidden', 'This request did not come from the portal.');
}

/**
 * The request body, counted while it streams in: reading stops (and the stream is cancelled) as soon
 * as it passes the limit, so a chunked upload without a Content-Length cannot make the proxy buffer it.
 */
export async function readBody(
  request: Request,
  limitBytes = maxRequestBodyBytes,
): Promise<ArrayBuffer | undefined | 'too-large'> {
  if (request.method === 'GET' || request.method === 'HEAD') return undefined;
  const declaredLength = Number(request.headers.get('content-length') ?? 0);
  if (declaredLength > limitBytes) return 'too-large';
  if (request.body === null) return undefined;
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limitBytes) {
      await reader.cancel().catch(() => undefined);
      return 'too-large';
    }
    chunks.push(value);
  }
  if (total === 0) return undefined;
  const body = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body.buffer;
}

export async function proxyToApi(
  request: Request,
  segments: readonly string[],
  options: ProxyOptions,
): Promise<Response> {
  const fetchFn = options.fetch ?? globalThis.fetch;
  const log = options.log ?? ((message: string) => serverLog.error(message));
  const target = buildUpstreamUrl(options.apiUrl, segments, new URL(request.url).search);
  if (target === null) return apiErrorResponse(400, 'Bad Request', 'The request path is not valid.');
  if (!isForwardedPath(segments, options.developmentRoutes)) {
    return apiErrorResponse(404, 'Not Found', 'There is nothing at this address.');
  }
  if (!isSameOriginWrite(request, options.portalUrl)) return crossSiteWriteResponse();

  // An attachment's upload streams through, counted; every other body is read whole (small JSON).
  const transfer = isAttachmentTransfer(request.method, segments);
  const upload = transfer && request.method === 'POST' ? countedUpload(request) : undefined;
  const body = upload ? (upload === 'too-large' ? upload : upload.body) : await readBody(request);
  if (body === 'too-large') return apiErrorResponse(413, 'Payload Too Large', 'The request is too large.');

  let headers: Headers;
  try {
    const forwarded = forwardedHeaders(request, options);
    headers = await (options.attachAccessToken ?? withAccessToken)(
      request,
      transfer && request.method === 'GET' ? withRange(request, forwarded) : forwarded,
    );
  } catch (error) {
    // The session store (PostgreSQL) cannot be read: say so in the API's shape, without the details.
    log(`BFF: the session could not be read: ${error instanceof Error ? error.name : typeof error}`);
    return apiErrorResponse(503, 'Service Unavailable', unavailableMessage);
  }
  if (isAccountDeletion(request.method, segments)) {
    // After the bearer is attached (a refresh it needed has happened), before the API deletes the rows
    // that hold the refresh tokens: revoked at the provider first (security round three, finding 9). A
    // failure here is logged and does not stop the deletion.
    await revokeBeforeForwardingDeletion(
      request,
      body instanceof ArrayBuffer ? body : undefined,
      options.accountDeletion,
    ).catch((error: unknown) => {
      log(`BFF: revoking before the deletion failed: ${error instanceof Error ? error.name : typeof error}`);
    });
  }
  const timeout = AbortSignal.timeout(
    transfer ? attachmentTimeoutMs : (options.timeoutMs ?? upstreamTimeoutMs),
  );
  try {
    const upstream = await fetchFn(target, {
      method: request.method,
      headers,
      body,
      redirect: 'manual',
      signal: timeout,
      // A stream body is sent as it is read (fetch requires saying so).
      ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
    });
    if (transfer && request.method === 'GET' && upstream.ok) {
      // A file's bytes stream back as they come, with the API's headers that make them safe to open.
      return new Response(upstream.body, {
        status: upstream.status,
        headers: pickHeaders(upstream.headers, [...returnedResponseHeaders, ...attachmentResponseHeaders]),
      });
    }
    // Read the whole body inside the timeout: API answers are small JSON documents.
    const responseBody = nullBodyStatuses.has(upstream.status) ? null : await upstream.arrayBuffer();
    return new Response(responseBody, {
      status: upstream.status,
      headers: pickHeaders(upstream.headers, returnedResponseHeaders),
    });
  } catch (error) {
    if (upload && upload !== 'too-large' && upload.overLimit()) {
      return apiErrorResponse(413, 'Payload Too Large', 'The request is too large.');
    }
    // The API area only: the rest of a path holds ids, and a guest hold's id is its holder's secret.
    const path = `/${segments[0] ?? ''}${segments.length > 1 ? '/…' : ''}`;
    if (timeout.aborted) {
      log(`BFF: ${request.method} ${path} timed out`);
      return apiErrorResponse(504, 'Gateway Timeout', unavailableMessage);
    }
    log(`BFF: ${request.method} ${path} failed: ${serializeError(error).message}`);
    return apiErrorResponse(502, 'Bad Gateway', unavailableMessage);
  }
}
