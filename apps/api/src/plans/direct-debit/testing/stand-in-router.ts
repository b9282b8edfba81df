import {
  cancelMandate,
  cancelSubscription,
  createSubscription,
  mandateOf,
  paymentOf,
  subscriptionOf,
} from './stand-in-mandates.ts';
import {
  billingRequestOf,
  createBillingRequest,
  createFlow,
  type StandInStore,
} from './stand-in-resources.ts';
import { StandInError } from './stand-in-support.ts';

/** The creates the stand-in keys by `Idempotency-Key`: path → what the answer is enveloped as. */
export const creates: Record<string, string> = {
  '/billing_requests': 'billing_requests',
  '/billing_request_flows': 'billing_request_flows',
  '/subscriptions': 'subscriptions',
};

const unrecognised = (method: string, path: string) =>
  new StandInError(404, 'invalid_api_usage', 'path_not_found', `Path not found: ${method} ${path}`);

/**
 * The API routes the stand-in serves (each documented at the function it calls). Answers the status and
 * the JSON body, each resource enveloped under its type's name; throws StandInError for an error answer.
 */
export function routeApi(
  store: StandInStore,
  method: string,
  path: string,
  body: unknown,
): { status: number; body: Record<string, unknown> } {
  const [resource, id, actions, action, extra] = path.split('/').filter(Boolean).map(decodeURIComponent);
  if (extra !== undefined) throw unrecognised(method, path);
  const created = (key: string, value: unknown) => ({ status: 201, body: { [key]: value } });
  const ok = (key: string, value: unknown) => ({ status: 200, body: { [key]: structuredClone(value) } });
  const isAction = (name: string) => method === 'POST' && actions === 'actions' && action === name;

  if (resource === 'billing_requests') {
    if (id === undefined && method === 'POST') return created(resource, createBillingRequest(store, body));
    // https://developer.gocardless.com/api-reference#billing-requests-get-a-single-billing-request
    if (id !== undefined && actions === undefined && method === 'GET')
      return ok(resource, billingRequestOf(store, id));
  }
  if (resource === 'billing_request_flows' && id === undefined && method === 'POST') {
    return created(resource, createFlow(store, body));
  }
  if (resource === 'mandates' && id !== undefined) {
    // https://developer.gocardless.com/api-reference#mandates-get-a-single-mandate
    if (actions === undefined && method === 'GET') return ok(resource, mandateOf(store, id));
    if (isAction('cancel')) return ok(resource, cancelMandate(store, id));
  }
  if (resource === 'subscriptions') {
    if (id === undefined && method === 'POST') return created(resource, createSubscription(store, body));
    // https://developer.gocardless.com/api-reference#subscriptions-get-a-single-subscription
    if (id !== undefined && actions === undefined && method === 'GET')
      return ok(resource, subscriptionOf(store, id));
    if (id !== undefined && isAction('cancel')) return ok(resource, cancelSubscription(store, id));
  }
  // https://developer.gocardless.com/api-reference#payments-get-a-single-payment
  if (resource === 'payments' && id !== undefined && actions === undefined && method === 'GET') {
    return ok(resource, paymentOf(store, id));
  }
  throw unrecognised(method, path);
}
