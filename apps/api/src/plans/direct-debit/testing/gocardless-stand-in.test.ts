import {
  parse as parseWebhook,
  GoCardlessClient,
  Environments,
  IdempotentCreationConflictError,
} from 'gocardless-nodejs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startGoCardlessStandIn, type GoCardlessStandIn } from './gocardless-stand-in.ts';
import { startWebhookReceiver } from './webhook-receiver.ts';

/** The stand-in through the official library as is: its idempotency conflict and its webhook delivery. */
let standIn: GoCardlessStandIn;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;

beforeEach(async () => {
  receiver = await startWebhookReceiver({ statuses: [500, 502] });
  standIn = await startGoCardlessStandIn({
    webhookUrl: receiver.url,
    webhookRetry: { attempts: 3, delayMs: 10 },
  });
});

afterEach(async () => {
  await standIn.close();
  await receiver.close();
});

/** The library pointed at the stand-in as the adapter does it (decision 0159). */
function clientFor(options: { raiseOnIdempotencyConflict?: boolean } = {}) {
  const client = new GoCardlessClient(standIn.accessToken, Environments.Sandbox, options);
  Reflect.set(Reflect.get(client, '_api') as object, '_baseUrl', standIn.url);
  return client;
}

const mandateRequest = {
  mandate_request: { currency: 'GBP', scheme: 'bacs' },
  metadata: { membership_id: '7' },
};

describe('the GoCardless stand-in', () => {
  it('answers a create whose key was used before with 409 idempotent_creation_conflict naming what it made', async () => {
    const client = clientFor({ raiseOnIdempotencyConflict: true });
    const first = await client.billingRequests.create(mandateRequest, 'membership-7-mandate');

    const again = client.billingRequests.create({ ...mandateRequest, metadata: {} }, 'membership-7-mandate');

    await expect(again).rejects.toBeInstanceOf(IdempotentCreationConflictError);
    await expect(again).rejects.toMatchObject({
      conflictingResourceId: first.id,
      errorType: 'invalid_state',
      response: { statusCode: 409 },
    });
    // Another endpoint's key space, and a request failed by a fault, save nothing against the key.
    standIn.failNext(1, { status: 500 });
    await expect(client.billingRequests.create(mandateRequest, 'membership-8-mandate')).rejects.toMatchObject(
      {
        response: { statusCode: 500 },
      },
    );
    expect((await client.billingRequests.create(mandateRequest, 'membership-8-mandate')).id).not.toBe(
      first.id,
    );
    expect(standIn.billingRequests()).toHaveLength(2);
  });

  it('retries a webhook the endpoint refused, and delivers held ones in the order asked, twice if asked', async () => {
    const client = clientFor();
    await client.billingRequests.create(mandateRequest, 'membership-7-mandate');
    await standIn.webhooksSettled();
    expect(standIn.sentWebhooks().map((sent) => sent.status)).toEqual([500, 502, 204]);
    const delivered = receiver.received.at(-1);
    if (!delivered) throw new Error('nothing delivered');
    // Signed as the library checks it: HMAC-SHA256 of the body with the endpoint's secret, hex.
    expect(parseWebhook(delivered.body, standIn.webhookSecret, delivered.signature ?? '')).toMatchObject([
      { resource_type: 'billing_requests', action: 'created', resource_metadata: { membership_id: '7' } },
    ]);

    standIn.holdWebhooks();
    const started = await client.billingRequests.create(mandateRequest, 'membership-9-mandate');
    const flow = await client.billingRequestFlows.create({ links: { billing_request: started.id } });
    standIn.complete(flow.id);
    const before = receiver.received.length;
    await standIn.releaseWebhooks({ order: 'reversed', twice: true });

    const actions = receiver.received
      .slice(before)
      .flatMap((webhook) => parseWebhook(webhook.body, standIn.webhookSecret, webhook.signature ?? ''))
      .map((event) => `${event.resource_type}.${event.action}`);
    const once = ['billing_requests.fulfilled', 'mandates.created', 'billing_requests.created'];
    expect(actions).toEqual([...once, ...once]);
  });
});
