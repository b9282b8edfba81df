import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { depositParams, stripeClientFor } from './testing/stand-in-fixtures.ts';
import { startStripeStandIn, type StripeStandIn } from './testing/stripe-stand-in.ts';
import { stripeProvider } from './stripe-provider.ts';

/**
 * The adapter's read of what Stripe holds in a time range (issue 64, item 5), against the stand-in: every
 * page of the list calls (auto-pagination, 100 a page), the range's ends, paid pages' ids and amounts,
 * and refunds.
 */
let standIn: StripeStandIn;
/** The stand-in's clock (ms): what each object's `created` says. */
let clock: number;
const from = Date.UTC(2026, 10, 28, 0, 0, 0);
const to = Date.UTC(2026, 10, 29, 0, 0, 0);

beforeEach(async () => {
  clock = from;
  standIn = await startStripeStandIn({ now: () => clock });
});
afterEach(() => standIn.close());

const adapter = () =>
  stripeProvider({
    secretKey: standIn.secretKey,
    webhookSecret: standIn.webhookSecret,
    apiUrl: standIn.url,
    timeoutMs: 5000,
  });

/** A page for the portal's payment `id`, as the adapter makes them (its metadata and reference). */
const sessionFor = (id: number, pence = 2500) =>
  stripeClientFor(standIn).checkout.sessions.create(
    depositParams({
      client_reference_id: String(id),
      metadata: { payment_id: String(id) },
      line_items: [
        { quantity: 1, price_data: { currency: 'gbp', unit_amount: pence, product_data: { name: 'Bill' } } },
      ],
    }),
  );

describe('stripeProvider heldBetween', () => {
  it('reads every page of sessions created in [from, to), and none outside it', async () => {
    clock = from - 1000;
    await sessionFor(9_001);
    clock = to;
    await sessionFor(9_002);
    const inside: string[] = [];
    for (let id = 1; id <= 205; id += 1) {
      clock = from + id * 60_000;
      inside.push((await sessionFor(id, 1000 + id)).id);
    }
    clock = to - 1000;
    inside.push((await sessionFor(206)).id);
    const paid = standIn.pay(inside[6]!);

    const held = await adapter().heldBetween(new Date(from), new Date(to));

    // Three pages of at most 100, each session once.
    expect(held.checkouts).toHaveLength(206);
    expect(new Set(held.checkouts.map((checkout) => checkout.sessionId))).toEqual(new Set(inside));
    expect(held.checkouts.find((checkout) => checkout.paymentId === 7)).toEqual({
      sessionId: inside[6],
      stage: 'paid',
      paymentIntentId: paid.payment_intent,
      amountPence: 1007,
      paymentId: 7,
      createdAt: new Date(from + 7 * 60_000),
    });
    expect(held.checkouts.find((checkout) => checkout.paymentId === 8)).toMatchObject({
      stage: 'open',
      paymentIntentId: null,
      amountPence: 1008,
    });
    expect(held.refunds).toEqual([]);
  });

  it('reads refunds created in the range, with their payment intent and status', async () => {
    clock = from + 3_600_000;
    const session = await sessionFor(41, 4000);
    const intent = standIn.pay(session.id).payment_intent as string;
    const refund = await stripeClientFor(standIn).refunds.create({ payment_intent: intent, amount: 1500 });
    clock = to + 1000;
    await stripeClientFor(standIn).refunds.create({ payment_intent: intent, amount: 500 });

    const held = await adapter().heldBetween(new Date(from), new Date(to));

    expect(held.refunds).toEqual([
      {
        refundId: refund.id,
        paymentIntentId: intent,
        amountPence: 1500,
        status: 'succeeded',
        createdAt: new Date(from + 3_600_000),
      },
    ]);
  });
});
