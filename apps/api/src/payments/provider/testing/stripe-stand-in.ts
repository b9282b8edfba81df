import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import qs from 'qs';
import Stripe from 'stripe';
import { handlePage } from './stand-in-page.ts';
import { routeApi } from './stand-in-router.ts';
import {
  completeSession,
  customerAction,
  expireDue,
  expireSession,
  sessionRecord,
  sessionView,
  type StandInStore,
} from './stand-in-sessions.ts';
import {
  newId,
  StandInError,
  type EventRequest,
  type SessionRecord,
  type StandInPaymentIntent,
  type StandInRefund,
} from './stand-in-support.ts';
import {
  createWebhookSender,
  type ReleaseOptions,
  type SentEvent,
  type WebhookRetry,
} from './stand-in-webhooks.ts';
import { idempotencyCache } from './stand-in-idempotency.ts';

/**
 * A stand-in of the part of Stripe's API the portal uses (Checkout Sessions, PaymentIntents, Refunds,
 * webhook events), for tests and the demo only: production code never imports it. Shapes and behaviour
 * follow Stripe's API reference and OpenAPI description (cited where each is made); what the reference
 * does not say is listed as GUESS in README.md beside it.
 */

export interface StripeStandInOptions {
  port?: number;
  host?: string;
  /** The address the customer's browser reaches the hosted page at, when not `http://host:port`. */
  publicUrl?: string;
  webhookUrl?: string;
  secretKey?: string;
  webhookSecret?: string;
  webhookRetry?: WebhookRetry;
  /** The stand-in's clock (ms since the epoch), for `created`, `expires_at` and expiry. Default Date.now. */
  now?: () => number;
}

export interface FailOptions {
  /**
   * The status to answer (Stripe's error shape; `api_error` for 5xx), without running the request. With
   * only `delayMs`, the request runs and its answer comes late; with neither, 500.
   */
  status?: number;
  /** How long to wait before answering (a timeout at the client). */
  delayMs?: number;
  /** Only requests whose path matches (e.g. /refunds/). */
  path?: RegExp;
}

export interface StripeStandIn {
  url: string;
  secretKey: string;
  webhookSecret: string;
  setWebhookUrl: (url: string | null) => void;
  close: () => Promise<void>;
  pay: (sessionId: string) => ReturnType<typeof sessionView>;
  decline: (sessionId: string) => void;
  expire: (sessionId: string) => ReturnType<typeof sessionView>;
  holdWebhooks: () => void;
  releaseWebhooks: (options?: ReleaseOptions) => Promise<void>;
  sentEvents: () => SentEvent[];
  /** Every event made, delivered or not. */
  events: () => ReturnType<ReturnType<typeof createWebhookSender>['events']>;
  /** Resolves when no delivery is under way. */
  webhooksSettled: () => Promise<void>;
  failNext: (count: number, options?: FailOptions) => void;
  failRefunds: (count: number) => void;
  sessions: () => SessionRecord[];
  refunds: () => StandInRefund[];
  paymentIntents: () => StandInPaymentIntent[];
}

/** The error answer of an injected fault (https://docs.stripe.com/api/errors: types by status). */
function faultError(status: number): StandInError {
  if (status >= 500)
    return new StandInError(status, 'api_error', 'An unknown error occurred (stand-in fault).');
  if (status === 429) {
    return new StandInError(429, 'invalid_request_error', 'Request rate limit exceeded (stand-in fault).', {
      code: 'rate_limit',
    });
  }
  if (status === 402) return new StandInError(402, 'card_error', 'Your card was declined (stand-in fault).');
  return new StandInError(status, 'invalid_request_error', 'Request refused (stand-in fault).');
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The key from `Authorization: Bearer sk_...` (stripe-node) or basic auth with the key as user (curl -u). */
function apiKeyOf(request: IncomingMessage): string | null {
  const header = request.headers.authorization ?? '';
  if (header.startsWith('Bearer ')) return header.slice(7).trim();
  if (header.startsWith('Basic '))
    return Buffer.from(header.slice(6), 'base64').toString('utf8').split(':')[0] ?? null;
  return null;
}

export async function startStripeStandIn(options: StripeStandInOptions = {}): Promise<StripeStandIn> {
  const secretKey = options.secretKey ?? 'sk_test_stand_in';
  const webhookSecret = options.webhookSecret ?? 'whsec_stand_in';
  const now = options.now ?? Date.now;
  let baseUrl = '';
  const webhooks = createWebhookSender({
    secret: webhookSecret,
    url: options.webhookUrl ?? null,
    now,
    ...(options.webhookRetry ? { retry: options.webhookRetry } : {}),
  });
  const store: StandInStore = {
    now,
    pageUrl: (id) => `${options.publicUrl ?? baseUrl}/checkout/${id}`,
    sessions: new Map(),
    paymentIntents: new Map(),
    charges: new Map(),
    refunds: new Map(),
    refundFailures: 0,
    emit: (type, object, request) => webhooks.emit(type, object, request),
  };
  const idempotency = idempotencyCache(now);
  const faults: Array<FailOptions & { remaining: number }> = [];

  const answerJson = (
    response: ServerResponse,
    status: number,
    body: unknown,
    headers: Record<string, string>,
  ) => {
    response.writeHead(status, { 'content-type': 'application/json', ...headers });
    response.end(JSON.stringify(body, null, 2));
  };

  async function handleApi(request: IncomingMessage, response: ServerResponse, url: URL, text: string) {
    const method = request.method ?? 'GET';
    const requestId = newId('req_', 14);
    const headers: Record<string, string> = {
      'request-id': requestId,
      'stripe-version': String(request.headers['stripe-version'] ?? Stripe.API_VERSION),
    };
    const fault = faults.find((rule) => rule.remaining > 0 && (!rule.path || rule.path.test(url.pathname)));
    if (fault) fault.remaining -= 1;
    if (fault?.status !== undefined) {
      if (fault.delayMs) await pause(fault.delayMs);
      const error = faultError(fault.status);
      return answerJson(response, error.status, error.body(), headers);
    }
    const key = apiKeyOf(request);
    if (key !== secretKey) {
      // Wording: GUESS (README); status and type per https://docs.stripe.com/api/errors (401: "No valid API key provided").
      const message = key
        ? `Invalid API Key provided: ${key.slice(0, 8)}****`
        : 'You did not provide an API key. Provide it in the Authorization header, using Bearer auth.';
      return answerJson(
        response,
        401,
        new StandInError(401, 'invalid_request_error', message).body(),
        headers,
      );
    }
    const params = qs.parse(method === 'GET' ? url.search.slice(1) : text, {
      depth: 20,
      arrayLimit: 1000,
      parameterLimit: 10_000,
    }) as Record<string, unknown>;
    const idempotencyKey =
      method === 'POST' ? (request.headers['idempotency-key'] as string | undefined) : undefined;
    if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
    const eventRequest: EventRequest = { id: requestId, idempotency_key: idempotencyKey ?? null };
    const run = () => {
      try {
        return { ...routeApi(store, method, url.pathname, params, eventRequest), saved: true };
      } catch (error) {
        if (!(error instanceof StandInError)) throw error;
        // Validation failures are not saved against the key (https://docs.stripe.com/api/idempotent_requests).
        return { status: error.status, body: error.body(), saved: error.details.param === undefined };
      }
    };
    const answer = idempotencyKey
      ? idempotency.run(
          `${key}:${idempotencyKey}`,
          `${method} ${url.pathname} ${JSON.stringify(params)}`,
          run,
        )
      : { ...run(), replayed: false };
    if (answer.replayed) headers['idempotent-replayed'] = 'true';
    if (fault?.delayMs) await pause(fault.delayMs);
    return answerJson(response, answer.status, answer.body, headers);
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const url = new URL(request.url ?? '/', 'http://stand-in');
    if (handlePage(store, request.method ?? 'GET', url.pathname, response)) return;
    return handleApi(request, response, url, Buffer.concat(chunks).toString('utf8'));
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      const body = new StandInError(
        500,
        'api_error',
        error instanceof Error ? error.message : 'stand-in error',
      ).body();
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) =>
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve),
  );
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  baseUrl = `http://${host}:${address.port}`;
  // Sessions expire on time even when nobody asks (checkout.session.expired is sent).
  const sweep = setInterval(() => expireDue(store), 1000);
  sweep.unref();

  return {
    url: baseUrl,
    secretKey,
    webhookSecret,
    setWebhookUrl: (url) => webhooks.setUrl(url),
    close: async () => {
      clearInterval(sweep);
      await webhooks.settled();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    pay: (id) => sessionView(store, completeSession(store, id)),
    decline: (id) => {
      const record = sessionRecord(store, id);
      if (record.session.status !== 'open')
        throw new Error(`Checkout Session ${id} is ${record.session.status}`);
      record.declines += 1;
    },
    expire: (id) => sessionView(store, expireSession(store, id, customerAction)),
    holdWebhooks: () => webhooks.hold(),
    releaseWebhooks: (release) => webhooks.release(release),
    sentEvents: () => webhooks.sent(),
    events: () => webhooks.events(),
    webhooksSettled: () => webhooks.settled(),
    failNext: (count, fail = {}) => {
      faults.push({ ...fail, status: fail.status ?? (fail.delayMs ? undefined : 500), remaining: count });
    },
    failRefunds: (count) => {
      store.refundFailures = count;
    },
    sessions: () => [...store.sessions.values()].map((record) => structuredClone(record)),
    refunds: () => [...store.refunds.values()].map((refund) => structuredClone(refund)),
    paymentIntents: () => [...store.paymentIntents.values()].map((intent) => structuredClone(intent)),
  };
}
