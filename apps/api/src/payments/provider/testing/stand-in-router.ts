import { listPage } from './stand-in-lists.ts';
import { cancelIntent, captureIntent, createRefund, intentOf, refundOf } from './stand-in-payments.ts';
import {
  createSession,
  expireDue,
  expireSession,
  sessionRecord,
  sessionView,
  type StandInStore,
} from './stand-in-sessions.ts';
import { optionalString, StandInError, type EventRequest } from './stand-in-support.ts';

/** `expand[]=a` or `expand[0]=a` (https://docs.stripe.com/api/expanding_objects), as qs parses either. */
function expandOf(params: Record<string, unknown>): string[] {
  const expand = params.expand;
  if (Array.isArray(expand)) return expand.map(String);
  if (typeof expand === 'string') return [expand];
  if (expand && typeof expand === 'object') return Object.values(expand).map(String);
  return [];
}

/** "Unrecognized request URL" answer (404, `invalid_request_error`; wording: GUESS, README). */
const unrecognized = (method: string, path: string) =>
  new StandInError(
    404,
    'invalid_request_error',
    `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
  );

/**
 * The API routes the stand-in serves (each documented at the function it calls). Answers the status and
 * the JSON body; throws StandInError for an error answer.
 */
export function routeApi(
  store: StandInStore,
  method: string,
  path: string,
  params: Record<string, unknown>,
  request: EventRequest,
): { status: number; body: unknown } {
  expireDue(store);
  const expand = expandOf(params);
  const ok = (body: unknown) => ({ status: 200, body });
  const segments = path.split('/').filter(Boolean).map(decodeURIComponent);
  const [version, resource, second, third, fourth] = segments;
  if (version !== 'v1') throw unrecognized(method, path);

  if (resource === 'checkout' && second === 'sessions') {
    if (third === undefined && method === 'POST') {
      return ok(sessionView(store, createSession(store, params), expand));
    }
    if (third === undefined && method === 'GET') {
      // https://docs.stripe.com/api/checkout/sessions/list
      const listExpand = expand.filter((path) => path.startsWith('data.')).map((path) => path.slice(5));
      return ok(
        listPage(
          [...store.sessions.values()].map((record) => record.session),
          params,
          '/v1/checkout/sessions',
          {
            status: optionalString(params.status, 'status') ?? undefined,
            payment_intent: optionalString(params.payment_intent, 'payment_intent') ?? undefined,
          },
          (session) => sessionView(store, session, listExpand),
        ),
      );
    }
    if (third !== undefined && fourth === undefined && method === 'GET') {
      // https://docs.stripe.com/api/checkout/sessions/retrieve
      return ok(sessionView(store, sessionRecord(store, third).session, expand));
    }
    if (third !== undefined && fourth === 'expire' && method === 'POST') {
      return ok(sessionView(store, expireSession(store, third, request), expand));
    }
  }

  if (resource === 'payment_intents' && second !== undefined) {
    if (third === undefined && method === 'GET') {
      // https://docs.stripe.com/api/payment_intents/retrieve
      return ok(structuredClone(intentOf(store, second)));
    }
    if (third === 'capture' && method === 'POST') return ok(captureIntent(store, second, params, request));
    if (third === 'cancel' && method === 'POST') return ok(cancelIntent(store, second, params, request));
  }

  if (resource === 'refunds') {
    if (second === undefined && method === 'POST')
      return ok(structuredClone(createRefund(store, params, request)));
    if (second === undefined && method === 'GET') {
      // https://docs.stripe.com/api/refunds/list
      return ok(
        listPage(
          store.refunds.values(),
          params,
          '/v1/refunds',
          {
            payment_intent: optionalString(params.payment_intent, 'payment_intent') ?? undefined,
            charge: optionalString(params.charge, 'charge') ?? undefined,
          },
          (refund) => structuredClone(refund),
        ),
      );
    }
    if (second !== undefined && third === undefined && method === 'GET') {
      // https://docs.stripe.com/api/refunds/retrieve
      return ok(structuredClone(refundOf(store, second)));
    }
  }
  throw unrecognized(method, path);
}
