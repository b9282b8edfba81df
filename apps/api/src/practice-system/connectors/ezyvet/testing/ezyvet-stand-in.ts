import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { EzyvetControls } from './ezyvet-controls.ts';
import { EzyvetDatabase } from './ezyvet-records.ts';
import { tokenRequestSchema } from './ezyvet-requests.ts';
import { changeRecord } from './ezyvet-stand-in-changes.ts';
import {
  createBooking,
  createRecord,
  errorAnswer,
  listRecords,
  listTables,
  patchAppointment,
  siteInformation,
  type RouteAnswer,
} from './ezyvet-stand-in-routes.ts';

/**
 * A stand-in for the ezyVet API (a test fixture, never production code), in process on a free port: the
 * endpoints the ezyVet connection uses, with the shapes, envelopes, paging, filters, errors and rate
 * limits of ezyVet's published documentation (each shape's source is cited where it is declared:
 * ezyvet-records.ts, ezyvet-requests.ts, ezyvet-stand-in-routes.ts).
 *
 * Rate limits: https://developers.ezyvet.com/ and github.com/api-evangelist/ezyvet rate-limits (secondary):
 * about 60 requests a minute per endpoint and 180 a minute per database, 429 beyond, every answer carrying
 * x-ratelimit-remaining and x-ratelimit-reset. Silent in what we read, and chosen conservatively: the
 * windows are fixed minutes from their first request; an endpoint is its path whatever the method, with an
 * id counted as the same endpoint; the token request counts too; x-ratelimit-reset is the seconds left in
 * the window, and a 429 also carries Retry-After.
 * Tokens: https://developers.ezyvet.com/ ("TTL of 12 hours … in the expires_in field"; a revoked or
 * expired token answers 401 with the messages envelope).
 */

export interface EzyvetStandInOptions {
  /** Milliseconds since the epoch; share a ManualClock with the connection so tests never wait. */
  clock?: { now(): number };
  credentials?: { partner_id: string; client_id: string; client_secret: string };
  tokenTtlSeconds?: number;
  limits?: { perEndpoint: number; perDatabase: number };
}

export const standInCredentials = {
  partner_id: 'partner-1',
  client_id: 'client-1',
  client_secret: 'secret-1',
};

export interface LoggedRequest {
  method: string;
  endpoint: string;
  status: number | 'refused' | 'hung';
}

interface Window {
  startedAt: number;
  count: number;
}

export class EzyvetStandIn extends EzyvetControls {
  readonly requests: LoggedRequest[] = [];
  /** Requests that broke the documented request shapes: the contract tests want none. */
  readonly violations: string[] = [];
  /** How GET /v3/siteInformation answers: both shapes are read (ezyvet-stand-in-routes.ts says why). */
  siteInformationShape: 'json-api' | 'items' = 'json-api';
  url = '';
  private readonly tokens = new Map<string, number>();
  private readonly windows = new Map<string, Window>();
  private readonly hung = new Set<ServerResponse>();
  private readonly server = createServer((request, response) => void this.handle(request, response));
  private tokenCount = 0;

  constructor(private readonly options: Required<EzyvetStandInOptions>) {
    const db = new EzyvetDatabase(() => Math.floor(options.clock.now() / 1000));
    super(db, () => options.clock.now());
  }

  async listen(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async close(): Promise<void> {
    for (const response of this.hung) response.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** Requests answered per `METHOD /path` (ids as {id}), optionally of one status only. */
  count(endpoint?: string, status?: LoggedRequest['status']): number {
    return this.requests.filter(
      (logged) =>
        (endpoint === undefined || `${logged.method} ${logged.endpoint}` === endpoint) &&
        (status === undefined || logged.status === status),
    ).length;
  }

  /** Every token issued so far stops working (a token revoked mid-sync). */
  revokeTokens(): void {
    this.tokens.clear();
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const endpoint = url.pathname.replace(/\/\d+(?=\/|$)/g, '/{id}');
    const method = request.method ?? 'GET';
    const log = (status: LoggedRequest['status']) => this.requests.push({ method, endpoint, status });
    if (this.down === 'refuse') {
      log('refused');
      request.socket.destroy();
      return;
    }
    const body = await readBody(request);
    const now = this.options.clock.now();
    const limited = this.rateLimit(endpoint, now);
    let answer: RouteAnswer;
    if (this.down === 'error')
      answer = errorAnswer(503, 'ServiceUnavailableException', 'Service unavailable.');
    else if (limited.exceeded) answer = errorAnswer(429, 'TooManyRequestsException', 'Rate limit exceeded.');
    else if (
      body !== undefined &&
      !jsonTypes.includes(request.headers['content-type']?.split(';')[0] ?? '')
    ) {
      answer = errorAnswer(415, 'InvalidRequestException', 'Send JSON.', 'body without a JSON content type');
    } else answer = this.route(method, url, body, request.headers.authorization, now);
    if (answer.violation) this.violations.push(`${method} ${endpoint}: ${answer.violation}`);
    const writes = method !== 'GET' && endpoint !== '/v1/oauth/access_token' && answer.status < 300;
    if (writes && this.hangNext) {
      const stored = this.hangNext;
      this.hangNext = null;
      log('hung');
      this.hung.add(response);
      stored();
      return;
    }
    log(answer.status);
    response.statusCode = answer.status;
    response.setHeader('content-type', 'application/json');
    response.setHeader('x-ratelimit-remaining', String(limited.remaining));
    response.setHeader('x-ratelimit-reset', String(limited.resetSeconds));
    if (answer.status === 429) response.setHeader('retry-after', String(limited.resetSeconds));
    response.end(JSON.stringify(answer.body));
  }

  private route(
    method: string,
    url: URL,
    body: unknown,
    authorization: string | undefined,
    now: number,
  ): RouteAnswer {
    const path = url.pathname;
    const seconds = Math.floor(now / 1000);
    if (method === 'POST' && path === '/v1/oauth/access_token') return this.token(body);
    if (!this.authorised(authorization, now)) {
      return errorAnswer(
        401,
        'InvalidRequestException',
        'The request is missing a required parameter, includes an invalid parameter value, includes a parameter more than once, or is otherwise malformed. Check the "access token" parameter.',
      );
    }
    if (method === 'GET' && path === '/v3/siteInformation')
      return siteInformation(this.db, this.siteInformationShape, seconds);
    const table = listTables[path];
    if (method === 'GET' && table) return listRecords(this.db, table, url.searchParams, seconds);
    if (method === 'POST' && path === '/ezycab/booking') return createBooking(this.db, body);
    const patch = /^\/v2\/appointment\/(\d+)$/.exec(path);
    if (method === 'PATCH' && patch) return patchAppointment(this.db, Number(patch[1]), body, seconds);
    if (method === 'POST') {
      const created = createRecord(this.db, path, body, seconds);
      if (created) return created;
    }
    const changed = changeRecord(this.db, method, path, body, seconds);
    if (changed) return changed;
    return errorAnswer(404, 'NotFoundException', 'No such endpoint.', `unknown endpoint ${method} ${path}`);
  }

  private authorised(authorization: string | undefined, now: number): boolean {
    const token = authorization?.startsWith('Bearer ') ? authorization.slice('Bearer '.length) : '';
    const expires = this.tokens.get(token);
    return expires !== undefined && expires > now;
  }

  private token(body: unknown): RouteAnswer {
    const request = tokenRequestSchema.safeParse(body);
    if (!request.success) {
      return errorAnswer(400, 'InvalidRequestException', 'Invalid token request.', 'token request shape');
    }
    const { credentials } = this.options;
    const valid =
      !this.credentialsRevoked &&
      request.data.partner_id === credentials.partner_id &&
      request.data.client_id === credentials.client_id &&
      request.data.client_secret === credentials.client_secret;
    if (!valid) return errorAnswer(401, 'InvalidClientException', 'Client authentication failed.');
    const token = `token-${++this.tokenCount}`;
    this.tokens.set(token, this.options.clock.now() + this.options.tokenTtlSeconds * 1000);
    return {
      status: 200,
      body: { access_token: token, token_type: 'Bearer', expires_in: this.options.tokenTtlSeconds },
    };
  }

  private rateLimit(endpoint: string, now: number) {
    const windowMs = 60_000;
    const { perEndpoint, perDatabase } = this.options.limits;
    if (this.stormUntil > now) {
      return { exceeded: true, remaining: 0, resetSeconds: Math.ceil((this.stormUntil - now) / 1000) };
    }
    const take = (key: string, limit: number) => {
      let window = this.windows.get(key);
      if (!window || now - window.startedAt >= windowMs)
        this.windows.set(key, (window = { startedAt: now, count: 0 }));
      window.count += 1;
      const resetSeconds = Math.ceil((window.startedAt + windowMs - now) / 1000);
      return { exceeded: window.count > limit, remaining: Math.max(0, limit - window.count), resetSeconds };
    };
    const one = take(`endpoint ${endpoint}`, perEndpoint);
    const all = take('database', perDatabase);
    const governing = all.remaining < one.remaining ? all : one;
    const exceeded = one.exceeded || all.exceeded;
    const resetSeconds = exceeded
      ? Math.max(one.exceeded ? one.resetSeconds : 0, all.exceeded ? all.resetSeconds : 0)
      : governing.resetSeconds;
    return { exceeded, remaining: governing.remaining, resetSeconds };
  }
}

/**
 * "The API accepts URL params and JSON-formatted requests" (https://developers.ezyvet.com/): a body is
 * JSON, a PATCH's may say it is a merge patch.
 */
const jsonTypes = ['application/json', 'application/merge-patch+json'];

async function readBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  if (chunks.length === 0) return undefined;
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  } catch {
    return Symbol.for('unparseable');
  }
}

/** Starts a stand-in on a free port of 127.0.0.1. */
export async function startEzyvetStandIn(options: EzyvetStandInOptions = {}): Promise<EzyvetStandIn> {
  return new EzyvetStandIn({
    clock: options.clock ?? { now: () => Date.now() },
    credentials: options.credentials ?? standInCredentials,
    tokenTtlSeconds: options.tokenTtlSeconds ?? 12 * 60 * 60,
    limits: options.limits ?? { perEndpoint: 60, perDatabase: 180 },
  }).listen();
}
