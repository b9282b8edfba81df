import {
  ApiError,
  Environments,
  GoCardlessClient,
  GoCardlessException,
  GoCardlessInternalError,
  InvalidStateError,
  parse,
  RateLimitError,
} from 'gocardless-nodejs';
import {
  DirectDebitRefusedError,
  DirectDebitUnavailableError,
  WebhookSignatureError,
  type DirectDebitProvider,
  type MandateSetupStarted,
} from './direct-debit-provider.ts';
import {
  eventOf,
  mandateStateOf,
  membershipKey,
  setupStateOf,
  subscriptionStateOf,
} from './gocardless-objects.ts';

export interface GoCardlessSettings {
  /** An access token (`sandbox_…` or `live_…`): its prefix picks GoCardless's environment. */
  accessToken: string;
  /** The webhook endpoint's secret, as set in GoCardless's dashboard. */
  webhookSecret: string;
  /**
   * Where GoCardless's API is: unset is the token's environment (api.gocardless.com or
   * api-sandbox.gocardless.com). The library has no option for another (decision 0159): see `pointAt`.
   */
  apiUrl?: string | undefined;
  /** Each call's limit: the library sets none, so a call could wait for ever. */
  timeoutMs: number;
}

/**
 * gocardless-nodejs 10 hard-codes its two base addresses in its `Api` (`_baseUrl`, read on every request
 * as got's `prefixUrl`) and offers no option for another; its `proxy` option is an agent, which would keep
 * GoCardless's host name and path. So the address is set on that field, and a library that no longer has
 * it fails here, at start-up, rather than quietly calling GoCardless itself (decision 0159).
 */
function pointAt(client: GoCardlessClient, apiUrl: string): void {
  const api: unknown = Reflect.get(client, '_api');
  const current: unknown = api && typeof api === 'object' ? Reflect.get(api, '_baseUrl') : undefined;
  if (typeof current !== 'string' || !current.startsWith('https://api')) {
    throw new Error('gocardless-nodejs no longer keeps its base address where decision 0159 expects it.');
  }
  Reflect.set(api as object, '_baseUrl', apiUrl.replace(/\/+$/, ''));
}

/** The first error's `reason` (e.g. `cancellation_failed`), else the error's `type`: never its message. */
function codeOf(error: ApiError): string {
  const reasons = (error.errors ?? []) as Array<{ reason?: unknown }>;
  const reason = reasons.find((entry) => typeof entry.reason === 'string')?.reason as string | undefined;
  return reason ?? String(error.errorType ?? 'unknown');
}

function statusOf(error: ApiError): number {
  const response = (error as { response?: { statusCode?: unknown } }).response;
  return typeof response?.statusCode === 'number' ? response.statusCode : 0;
}

/** A got failure below HTTP (refused, reset, DNS): the library lets it through as is. */
const networkFailure = (error: unknown): error is Error & { code?: string } =>
  error instanceof Error &&
  ['RequestError', 'ReadError', 'TimeoutError', 'UploadError', 'MaxRedirectsError'].includes(error.name);

/**
 * GoCardless's error as the port's (https://developer.gocardless.com/api-reference#api-usage-errors): 5xx
 * (`gocardless`), 429 and failures below HTTP are unavailable; other 4xx are refused. Only the reason or
 * type travels on, never the message (it may echo input).
 */
async function calling<T>(timeoutMs: number, call: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const work = call();
  // The library cannot abort a call: a late answer is dropped, never left unhandled.
  work.catch(() => undefined);
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DirectDebitUnavailableError('timeout')), timeoutMs);
  });
  try {
    return await Promise.race([work, deadline]);
  } catch (error) {
    if (error instanceof ApiError) {
      const unavailable =
        error instanceof GoCardlessInternalError || error instanceof RateLimitError || statusOf(error) >= 500;
      throw unavailable
        ? new DirectDebitUnavailableError(codeOf(error))
        : new DirectDebitRefusedError(codeOf(error));
    }
    if (error instanceof GoCardlessException) throw new DirectDebitUnavailableError('malformed_response');
    if (networkFailure(error)) throw new DirectDebitUnavailableError(error.code ?? 'network');
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/** A cancel of a resource already ended is refused as `invalid_state` (`cancellation_failed`): its state is then the answer. */
async function endedOr<T extends { status: string }>(
  cancel: () => Promise<T>,
  now: () => Promise<T>,
  ended: readonly string[],
): Promise<T> {
  try {
    return await cancel();
  } catch (error) {
    if (!(error instanceof InvalidStateError)) throw error;
    const state = await now();
    if (!ended.includes(state.status)) throw error;
    return state;
  }
}

/**
 * The Direct Debit port on GoCardless (https://developer.gocardless.com/api-reference) with its official
 * library: Billing Requests and their hosted Billing Request Flows for the mandate, Subscriptions for the
 * monthly payments, and its own webhook verification.
 */
export function gocardlessProvider(settings: GoCardlessSettings): DirectDebitProvider {
  const environment = settings.accessToken.startsWith('sandbox_') ? Environments.Sandbox : Environments.Live;
  // Left at its default (raiseOnIdempotencyConflict: false), the library answers a create whose key was
  // used before with the resource that key made (it fetches `links.conflicting_resource_id`).
  const client = new GoCardlessClient(settings.accessToken, environment, {});
  if (settings.apiUrl) pointAt(client, settings.apiUrl);
  const call = <T>(work: () => Promise<T>) => calling(settings.timeoutMs, work);
  const mandateNow = async (id: string) => mandateStateOf(await client.mandates.find(id));
  const subscriptionNow = async (id: string) => subscriptionStateOf(await client.subscriptions.find(id));

  return {
    name: 'gocardless',
    startMandateSetup: (request) =>
      call(async (): Promise<MandateSetupStarted> => {
        const metadata = { [membershipKey]: String(request.membershipId) };
        // https://developer.gocardless.com/api-reference#billing-requests-create-a-billing-request: a Bacs
        // mandate in GBP; its `mandate_request.metadata` is carried onto the mandate it makes.
        const billingRequest = await client.billingRequests.create(
          {
            mandate_request: {
              currency: 'GBP',
              scheme: 'bacs',
              description: request.description,
              metadata,
            },
            metadata,
          },
          request.idempotencyKey,
        );
        const state = setupStateOf(billingRequest);
        if (state.status === 'fulfilled' || state.status === 'cancelled') {
          return { ...state, flowId: null, authorisationUrl: null };
        }
        // https://developer.gocardless.com/api-reference#billing-requests-create-a-billing-request-flow. Not
        // keyed: the library cannot fetch a flow on a key's conflict, and a second flow of the same billing
        // request is only another way into the same page, never a second mandate.
        const flow = await client.billingRequestFlows.create({
          redirect_uri: request.redirectUrl,
          exit_uri: request.exitUrl,
          links: { billing_request: billingRequest.id },
        });
        return { ...state, flowId: flow.id, authorisationUrl: flow.authorisation_url ?? null };
      }),
    mandateSetup: (billingRequestId) =>
      call(async () => setupStateOf(await client.billingRequests.find(billingRequestId))),
    mandate: (mandateId) => call(() => mandateNow(mandateId)),
    createSubscription: (request) =>
      call(async () =>
        // https://developer.gocardless.com/api-reference#subscriptions-create-a-subscription
        subscriptionStateOf(
          await client.subscriptions.create(
            {
              amount: request.amountPence,
              currency: 'GBP',
              interval_unit: request.intervalUnit,
              ...(request.dayOfMonth === undefined ? {} : { day_of_month: request.dayOfMonth }),
              ...(request.startDate ? { start_date: request.startDate } : {}),
              name: request.name,
              links: { mandate: request.mandateId },
              metadata: { [membershipKey]: String(request.membershipId) },
            },
            request.idempotencyKey,
          ),
        ),
      ),
    subscription: (subscriptionId) => call(() => subscriptionNow(subscriptionId)),
    // https://developer.gocardless.com/api-reference#payments-get-a-single-payment: `links.subscription`
    // names the subscription that made it. A payment's events link the payment only (the webhooks guide's
    // example: `"links": { "payment": "PM123" }`), so this is how one finds its membership.
    paymentSubscription: (paymentId) =>
      call(async () => (await client.payments.find(paymentId)).links?.subscription ?? null),
    cancelSubscription: (subscriptionId) =>
      call(() =>
        endedOr(
          async () => subscriptionStateOf(await client.subscriptions.cancel(subscriptionId)),
          () => subscriptionNow(subscriptionId),
          ['cancelled', 'finished'],
        ),
      ),
    cancelMandate: (mandateId) =>
      call(() =>
        endedOr(
          async () => mandateStateOf(await client.mandates.cancel(mandateId)),
          () => mandateNow(mandateId),
          ['cancelled', 'failed', 'expired', 'consumed', 'blocked'],
        ),
      ),
    verifyWebhook(rawBody, signature) {
      try {
        // https://developer.gocardless.com/getting-started/api/staying-up-to-date-with-webhooks: the
        // library checks `Webhook-Signature` (HMAC-SHA256 of the body, hex) and answers its events.
        return parse(rawBody, settings.webhookSecret, signature ?? '').map(eventOf);
      } catch {
        // A bad signature, or a body that is not GoCardless's JSON: either way not a webhook to apply.
        throw new WebhookSignatureError();
      }
    },
  };
}
