import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type {
  BillingRequest,
  BillingRequestFlow,
  Event,
  Mandate,
  Payment,
  Subscription,
} from 'gocardless-nodejs';
import { idempotencyKeys } from './stand-in-idempotency.ts';
import { handlePage } from './stand-in-page.ts';
import { confirmPayment, failPayment, moveMandate } from './stand-in-mandates.ts';
import { completeFlow, type StandInStore } from './stand-in-resources.ts';
import { creates, routeApi } from './stand-in-router.ts';
import { newId, StandInError } from './stand-in-support.ts';
import {
  createWebhookSender,
  type ReleaseOptions,
  type SentWebhook,
  type WebhookRetry,
} from './stand-in-webhooks.ts';

/**
 * A stand-in of the part of GoCardless's API the portal uses (Billing Requests and their hosted flows,
 * mandates, subscriptions, signed webhooks), for tests and the demo only: production code never imports
 * it. Shapes follow GoCardless's API reference (cited where each is made) and are typed by the official
 * library's own types; what the reference does not say is listed as GUESS in README.md beside it.
 */

export interface GoCardlessStandInOptions {
  port?: number;
  host?: string;
  /** The address the payer's browser reaches the hosted page at, when not `http://host:port`. */
  publicUrl?: string;
  webhookUrl?: string;
  accessToken?: string;
  webhookSecret?: string;
  webhookRetry?: WebhookRetry;
  /** The stand-in's clock (ms since the epoch), for `created_at`, dates and a flow's expiry. Default Date.now. */
  now?: () => number;
}

export interface FailOptions {
  /** The status to answer (`gocardless` type for 5xx), without running the request. With only `delayMs`, the request runs and answers late; with neither, 500. */
  status?: number;
  delayMs?: number;
  /** Only requests whose path matches (e.g. /subscriptions/). */
  path?: RegExp;
}

export interface GoCardlessStandIn {
  url: string;
  accessToken: string;
  webhookSecret: string;
  setWebhookUrl: (url: string | null) => void;
  close: () => Promise<void>;
  /** The payer's "Set up Direct Debit" on the flow's page, without a browser. */
  complete: (flowId: string) => BillingRequest;
  /** Bacs accepted the mandate: `submitted`, then `active`. */
  activateMandate: (mandateId: string) => Mandate;
  /** The bank refused (`failed`, e.g. `invalid_bank_details`) or the payer ended (`cancelled`, e.g. `bank_account_closed`) the mandate. */
  failMandate: (mandateId: string, action: 'failed' | 'cancelled', cause?: string) => Mandate;
  /** One of a subscription's payments returned unpaid (`insufficient_funds`). */
  failPayment: (subscriptionId: string) => Payment;
  /** One of a subscription's payments collected (`confirmed`). */
  confirmPayment: (subscriptionId: string) => Payment;
  failNext: (count: number, options?: FailOptions) => void;
  holdWebhooks: () => void;
  releaseWebhooks: (options?: ReleaseOptions) => Promise<void>;
  /** Every event made, delivered or not. */
  events: () => Event[];
  sentWebhooks: () => SentWebhook[];
  webhooksSettled: () => Promise<void>;
  billingRequests: () => BillingRequest[];
  flows: () => BillingRequestFlow[];
  mandates: () => Mandate[];
  subscriptions: () => Subscription[];
}

/** The answer of an injected fault (https://developer.gocardless.com/api-reference#api-usage-errors). */
function faultError(status: number): StandInError {
  if (status >= 500)
    return new StandInError(
      status,
      'gocardless',
      'internal_server_error',
      'Internal server error (stand-in fault)',
    );
  if (status === 429) {
    return new StandInError(
      429,
      'invalid_api_usage',
      'rate_limit_exceeded',
      'Rate limit exceeded (stand-in fault)',
    );
  }
  return new StandInError(status, 'invalid_api_usage', 'stand_in_fault', 'Request refused (stand-in fault)');
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const mandateCauses: Record<'failed' | 'cancelled', string> = {
  failed: 'invalid_bank_details',
  cancelled: 'bank_account_closed',
};

export async function startGoCardlessStandIn(
  options: GoCardlessStandInOptions = {},
): Promise<GoCardlessStandIn> {
  const accessToken = options.accessToken ?? 'sandbox_StandIn0AccessToken0For0Tests';
  const webhookSecret = options.webhookSecret ?? 'stand-in-webhook-secret-for-tests';
  const now = options.now ?? Date.now;
  let baseUrl = '';
  const webhooks = createWebhookSender({
    secret: webhookSecret,
    url: options.webhookUrl ?? null,
    origin: () => baseUrl,
    now,
    ...(options.webhookRetry ? { retry: options.webhookRetry } : {}),
  });
  const store: StandInStore = {
    now,
    flowUrl: (id) => `${options.publicUrl ?? baseUrl}/flows/${id}`,
    billingRequests: new Map(),
    flows: new Map(),
    customers: new Map(),
    bankAccounts: new Map(),
    mandates: new Map(),
    subscriptions: new Map(),
    payments: new Map(),
    emit: (change) => webhooks.emit(change),
  };
  const keys = idempotencyKeys();
  const faults: Array<FailOptions & { remaining: number }> = [];

  const answerJson = (response: ServerResponse, status: number, body: unknown, requestId: string) => {
    response.writeHead(status, { 'content-type': 'application/json', 'x-request-id': requestId });
    response.end(JSON.stringify(body));
  };

  async function handleApi(request: IncomingMessage, response: ServerResponse, path: string, text: string) {
    const method = request.method ?? 'GET';
    const requestId = newId('RQ', 14);
    const fault = faults.find((rule) => rule.remaining > 0 && (!rule.path || rule.path.test(path)));
    if (fault) fault.remaining -= 1;
    if (fault?.status !== undefined) {
      if (fault.delayMs) await pause(fault.delayMs);
      const error = faultError(fault.status);
      return answerJson(response, error.status, error.body(requestId), requestId);
    }
    const header = request.headers.authorization ?? '';
    if (header !== `Bearer ${accessToken}`) {
      // https://developer.gocardless.com/api-reference#api-usage-authentication (reason: GUESS, README).
      const error = new StandInError(
        401,
        'invalid_api_usage',
        'access_token_not_found',
        'Access token not found',
      );
      return answerJson(response, 401, error.body(requestId), requestId);
    }
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : {};
    } catch {
      const error = new StandInError(400, 'invalid_api_usage', 'invalid_json', 'Malformed JSON');
      return answerJson(response, 400, error.body(requestId), requestId);
    }
    const key = request.headers['idempotency-key'];
    const keyed = method === 'POST' && path in creates && typeof key === 'string' && key !== '';
    const scope = `${accessToken} ${path}`;
    let answer: { status: number; body: unknown };
    try {
      const conflict = keyed ? keys.conflict(scope, key) : null;
      if (conflict) throw conflict;
      answer = routeApi(store, method, path, body);
      if (keyed && answer.status === 201) {
        const made = (answer.body as Record<string, { id?: string }>)[creates[path] ?? '']?.id;
        if (made) keys.remember(scope, key, made);
      }
    } catch (error) {
      if (!(error instanceof StandInError)) throw error;
      answer = { status: error.status, body: error.body(requestId) };
    }
    if (fault?.delayMs) await pause(fault.delayMs);
    return answerJson(response, answer.status, answer.body, requestId);
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const path = new URL(request.url ?? '/', 'http://stand-in').pathname;
    if (handlePage(store, request.method ?? 'GET', path, response)) return;
    return handleApi(request, response, path, Buffer.concat(chunks).toString('utf8'));
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      const failure = new StandInError(
        500,
        'gocardless',
        'internal_server_error',
        error instanceof Error ? error.message : 'stand-in error',
      );
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify(failure.body('stand-in')));
    });
  });
  await new Promise<void>((resolve) =>
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve),
  );
  const address = server.address() as AddressInfo;
  baseUrl = `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`;

  const all = <T>(map: Map<string, T>) => [...map.values()].map((value) => structuredClone(value));
  return {
    url: baseUrl,
    accessToken,
    webhookSecret,
    setWebhookUrl: (url) => webhooks.setUrl(url),
    close: async () => {
      await webhooks.settled();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    complete: (flowId) => structuredClone(completeFlow(store, flowId)),
    activateMandate: (mandateId) => {
      const details = (cause: string, description: string) => ({
        origin: 'gocardless' as const,
        cause,
        description,
      });
      moveMandate(
        store,
        mandateId,
        'submitted',
        details('mandate_submitted', 'The mandate has been submitted to the banks.'),
      );
      return structuredClone(
        moveMandate(
          store,
          mandateId,
          'active',
          details('mandate_activated', 'The mandate has been activated.'),
        ),
      );
    },
    failMandate: (mandateId, action, cause = mandateCauses[action]) =>
      structuredClone(
        moveMandate(store, mandateId, action, {
          origin: 'bank',
          cause,
          scheme: 'bacs',
          description: `Mandate ${action} (${cause}).`,
        }),
      ),
    failPayment: (subscriptionId) => structuredClone(failPayment(store, subscriptionId)),
    confirmPayment: (subscriptionId) => structuredClone(confirmPayment(store, subscriptionId)),
    failNext: (count, fail = {}) => faults.push({ ...fail, remaining: count }),
    holdWebhooks: () => webhooks.hold(),
    releaseWebhooks: (release) => webhooks.release(release),
    events: () => webhooks.events(),
    sentWebhooks: () => webhooks.sent(),
    webhooksSettled: () => webhooks.settled(),
    billingRequests: () => all(store.billingRequests),
    flows: () => all(store.flows),
    mandates: () => all(store.mandates),
    subscriptions: () => all(store.subscriptions),
  };
}
