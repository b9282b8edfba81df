import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { provetTokenRequestSchema } from '../provet-shapes.ts';
import { RollingWindow } from '../rolling-window.ts';
import { ProvetControl } from './provet-control.ts';
import {
  type Answer,
  createAnswer,
  deleteAnswer,
  listAnswer,
  patchAnswer,
} from './provet-stand-in-routes.ts';
import { type ProvetCollection, provetCollections, ProvetStore } from './provet-store.ts';
import { ProvetWebhookSender } from './provet-webhook-sender.ts';

/**
 * A stand-in for one Provet Cloud installation's REST API (https://developers.provetcloud.com/restapi/),
 * in process, for tests: the endpoints the connection uses, with the documented OAuth 2.0 client
 * credentials grant, paging, filters and per-endpoint rate limits. Not a product: a test fixture.
 */
export interface ProvetStandInOptions {
  /** The stand-in's time (a test's clock); real time otherwise. */
  now?: () => number;
  provetId?: string;
  clientId?: string;
  clientSecret?: string;
  /** "Access token's time-to-live: 10 hours" (authentication_oauth2.html). */
  tokenTtlSeconds?: number;
  /** Requests a minute per endpoint. The real limits are in each endpoint's schema (ratelimit.html). */
  rateLimitPerMinute?: number;
  /**
   * Results a page holds when the request names no page_size. The pages read give no default: "Endpoints
   * return up to 1000 results in one page" (pagination.html) is the most a page holds, and ratelimit.html's
   * example endpoint "returns 50 results per page by default". 50 here (the example; assumed), so that a
   * custom page size costs what the documentation says it does.
   */
  defaultPageSize?: number;
  /** Where its webhooks go when records change (provet-webhook-sender.ts); none by default. */
  webhookUrl?: string;
}

export interface ProvetStandIn {
  /** `http://127.0.0.1:<port>`: the installation's domain, as `https://provetcloud.com`. */
  readonly origin: string;
  readonly provetId: string;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly store: ProvetStore;
  readonly control: ProvetControl;
  /** Its webhooks: set `url` to send them, read `deliveries` for what was sent and answered. */
  readonly webhooks: ProvetWebhookSender;
  /** Results a page holds without page_size: a connection naming a page size counts its cost by it. */
  readonly defaultPageSize: number;
  close(): Promise<void>;
}

interface Token {
  expiresAt: number;
  revoked: boolean;
}

export async function startProvetStandIn(options: ProvetStandInOptions = {}): Promise<ProvetStandIn> {
  const now = options.now ?? (() => Date.now());
  const provetId = options.provetId ?? '4';
  const clientId = options.clientId ?? 'portal-connector';
  const clientSecret = options.clientSecret ?? 'stand-in-secret';
  const defaultPageSize = options.defaultPageSize ?? 50;
  const limit = options.rateLimitPerMinute ?? 120;
  const windows = new Map(provetCollections.map((c) => [c, new RollingWindow(limit)]));
  const tokens = new Map<string, Token>();
  const sockets = new Set<Socket>();
  const hanging = new Set<ServerResponse>();

  const send = (
    res: ServerResponse,
    status: number,
    body?: unknown,
    headers: Record<string, string> = {},
  ) => {
    res.writeHead(status, {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    });
    res.end(body === undefined ? undefined : JSON.stringify(body));
  };

  const issueToken = (req: IncomingMessage, res: ServerResponse, raw: string) => {
    // "accept data as application/x-www-form-urlencoded, multipart/form-data" (authentication_oauth2.html);
    // the stand-in takes the first only, the form the connection sends.
    if (!String(req.headers['content-type']).startsWith('application/x-www-form-urlencoded')) {
      control.violation('token request not form-encoded');
      return send(res, 400, { error: 'invalid_request' });
    }
    const form = Object.fromEntries(new URLSearchParams(raw));
    const parsed = provetTokenRequestSchema.safeParse(form);
    if (!parsed.success) {
      control.violation('token request shape');
      return send(res, 400, { error: 'unsupported_grant_type' });
    }
    // Credentials in the Authorization header are "the preferred way" (authentication_oauth2.html).
    const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const [id, secret] = basic
      ? Buffer.from(basic, 'base64').toString().split(':').map(decodeURIComponent)
      : [form.client_id, form.client_secret];
    if (id !== clientId || secret !== clientSecret || control.credentialsRevoked) {
      return send(res, 401, { error: 'invalid_client' });
    }
    const accessToken = randomUUID();
    const ttl = options.tokenTtlSeconds ?? 36_000;
    tokens.set(accessToken, { expiresAt: now() + ttl * 1000, revoked: false });
    send(res, 200, { access_token: accessToken, token_type: 'Bearer', expires_in: ttl, scope: 'restapi' });
  };

  const authorised = (req: IncomingMessage) => {
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const token = bearer ? tokens.get(bearer) : undefined;
    return token !== undefined && !token.revoked && token.expiresAt > now();
  };

  const answerApi = (
    method: string,
    collection: ProvetCollection,
    id: number | null,
    url: URL,
    raw: string,
  ) => {
    let body: unknown = undefined;
    if (method === 'POST' || method === 'PATCH') {
      try {
        body = JSON.parse(raw);
      } catch {
        return {
          status: 400,
          body: { detail: 'JSON parse error.' },
          violation: 'body not JSON',
        } satisfies Answer;
      }
    }
    if (method === 'GET' && id === null) return listAnswer(control.store, collection, url, defaultPageSize);
    if (method === 'GET' && id !== null) {
      const record = control.store.get(collection, id);
      return record
        ? { status: 200, body: control.store.present(collection, record) }
        : { status: 404, body: { detail: 'Not found.' } };
    }
    if (method === 'POST' && id === null) return createAnswer(control.store, collection, body);
    if (method === 'PATCH' && id !== null) return patchAnswer(control.store, collection, id, body);
    if (method === 'DELETE' && id !== null) return deleteAnswer(control.store, collection, id);
    return {
      status: 405,
      body: { detail: `Method "${method}" not allowed.` },
      violation: `${method} ${url.pathname}`,
    };
  };

  const handle = (req: IncomingMessage, res: ServerResponse, raw: string) => {
    const method = req.method ?? 'GET';
    const url = new URL(req.url ?? '/', 'http://stand-in');
    if (control.down === 'refused') return req.socket.destroy();
    if (url.pathname === `/${provetId}/oauth2/token/` && method === 'POST') {
      control.count('POST oauth2/token', 0);
      if (control.down === 'error') return send(res, 503, { detail: 'Service unavailable.' });
      return issueToken(req, res, raw);
    }
    const match = new RegExp(`^/${provetId}/api/0\\.1/([a-z_]+)/(?:(\\d+)/)?$`).exec(url.pathname);
    const collection = match?.[1] as ProvetCollection | undefined;
    if (!match || !collection || !provetCollections.includes(collection)) {
      control.violation(`no such endpoint ${method} ${url.pathname}`);
      return send(res, 404, { detail: 'Not found.' });
    }
    const id = match[2] ? Number(match[2]) : null;
    const endpoint = `${method} ${collection}${id === null ? '/' : '/{id}/'}`;
    if (control.down === 'error') {
      control.count(endpoint, 503);
      return send(res, 503, { detail: 'Service unavailable.' });
    }
    if (!authorised(req)) {
      control.count(endpoint, 401);
      return send(res, 401, { detail: 'Authentication credentials were not provided or are invalid.' });
    }
    // "Specifying a custom page size ... will use an amount of requests proportional to the default page
    // size" (ratelimit.html).
    const pageSize = Number(url.searchParams.get('page_size') ?? defaultPageSize);
    const cost = method === 'GET' && id === null ? Math.max(1, Math.ceil(pageSize / defaultPageSize)) : 1;
    const window = windows.get(collection)!;
    const wait = Math.max(window.waitFor(now(), cost), control.stormUntil - now());
    if (wait > 0) {
      control.count(endpoint, 429);
      window.take(now(), cost); // a refused request still counts (conservative: the documentation is silent)
      return send(
        res,
        429,
        { detail: 'Request was throttled.' },
        { 'retry-after': String(Math.ceil(wait / 1000)) },
      );
    }
    window.take(now(), cost);
    const answer = answerApi(method, collection, id, url, raw);
    if (answer.violation) control.violation(`${endpoint}: ${answer.violation}`);
    control.count(endpoint, answer.status);
    if (method !== 'GET' && answer.status < 300 && control.takeHang()) {
      hanging.add(res); // stored, never answered: the caller's time-out decides
      return;
    }
    send(res, answer.status, answer.body);
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => handle(req, res, Buffer.concat(chunks).toString('utf8')));
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const store = new ProvetStore(`${origin}/${provetId}/api/0.1`, now);
  const webhooks = new ProvetWebhookSender();
  webhooks.url = options.webhookUrl ?? null;
  store.onChange = (collection, record) => webhooks.changed(collection, record);
  const control = new ProvetControl(store, () => {
    for (const token of tokens.values()) token.revoked = true;
  });
  return {
    origin,
    provetId,
    clientId,
    clientSecret,
    store,
    control,
    webhooks,
    defaultPageSize,
    close: async () => {
      webhooks.url = null;
      await webhooks.settled();
      for (const res of hanging) res.destroy();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
