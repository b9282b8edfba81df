import { createHmac } from 'node:crypto';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { gocardlessProvider } from '../direct-debit/index.ts';
import { usePlansTestApp } from '../memberships/testing/plans-test-app.ts';

/**
 * GoCardless's webhooks (issue 65, decision 0162), delivered by the stand-in to the listening API: verified
 * through the library (498 otherwise), each event applied once, in any order; a mandate or payment failing
 * is shown on the membership and told to the practice, and the membership stays until the practice acts.
 */
const database = useTestDatabase();
const { db } = database;
const { context, live, scene, activeMembership, membershipRow, eventsOf } = usePlansTestApp(database);

const post = (body: string, signature: string | undefined) =>
  context.app.inject({
    method: 'POST',
    url: '/webhooks/gocardless',
    headers: { 'content-type': 'application/json', ...(signature ? { 'webhook-signature': signature } : {}) },
    payload: body,
  });

/** Signed as GoCardless signs (HMAC-SHA256 of the body, hex), for bodies the stand-in does not make. */
const signed = (body: string) =>
  createHmac('sha256', live.gocardless.webhookSecret).update(body).digest('hex');

describe('GoCardless webhooks', () => {
  it('answers 498 to a body not signed with the endpoint’s secret, and applies nothing', async () => {
    const body = JSON.stringify({
      events: [
        { id: 'EV_FORGED_1', resource_type: 'mandates', action: 'cancelled', links: { mandate: 'MD1' } },
      ],
    });
    const forged = await post(body, createHmac('sha256', 'not-the-secret').update(body).digest('hex'));
    expect(forged.statusCode).toBe(498);
    expect(forged.json()).toMatchObject({ code: 'invalid_signature' });
    expect((await post(body, undefined)).statusCode).toBe(498);
    const { rows } = await db.execute(sql`select 1 from direct_debit_events where event_id = 'EV_FORGED_1'`);
    expect(rows).toHaveLength(0);
  });

  it('acknowledges a signed event about a resource the portal does not know, once', async () => {
    const body = JSON.stringify({
      events: [
        {
          id: `EV_UNKNOWN_${crypto.randomUUID().slice(0, 8)}`,
          created_at: new Date().toISOString(),
          resource_type: 'payments',
          action: 'failed',
          links: { payment: 'PM_NOT_OURS', subscription: 'SB_NOT_OURS' },
          details: { cause: 'insufficient_funds' },
        },
        {
          id: `EV_ODD_${crypto.randomUUID().slice(0, 8)}`,
          resource_type: 'payouts',
          action: 'paid',
          links: {},
        },
      ],
    });
    expect((await post(body, signed(body))).statusCode).toBe(204);
    expect((await post(body, signed(body))).statusCode).toBe(204);
  });

  it('records a mandate cancelled at the bank, tells the practice once whatever the order, and keeps the membership', async () => {
    const s = await scene();
    const row = await activeMembership(s);
    live.gocardless.holdWebhooks();
    live.gocardless.failMandate(row.dd_mandate_id!, 'cancelled', 'bank_account_closed');
    await live.gocardless.releaseWebhooks({ order: 'reversed', twice: true });
    await live.gocardless.webhooksSettled();
    expect(await membershipRow(row.id)).toMatchObject({ status: 'active', dd_mandate_status: 'cancelled' });
    const events = await eventsOf(row.id);
    // The subscription cancelled with its mandate is the mandate's news, told once.
    expect(events.map((e) => e.type)).toEqual(['plan.joined', 'plan.direct_debit_failed']);
    expect(events[1]?.data).toMatchObject({
      membership_id: row.id,
      provider_mandate_id: row.dd_mandate_id,
      status: 'cancelled',
      cause: 'bank_account_closed',
    });
  });

  it('records a failed collection, tells the practice, and a later collection clears it and moves the next one on', async () => {
    const s = await scene();
    const row = await activeMembership(s);
    live.gocardless.failPayment(row.dd_subscription_id!);
    await live.gocardless.webhooksSettled();
    const failed = await membershipRow(row.id);
    expect(failed.payment_failed_on).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const events = await eventsOf(row.id);
    expect(events.map((e) => e.type)).toEqual(['plan.joined', 'plan.payment_failed']);
    expect(events[1]?.data).toMatchObject({
      amount_pence: 1650,
      failed_on: failed.payment_failed_on,
      cause: 'insufficient_funds',
      provider_payment_id: expect.stringMatching(/^PM/) as string,
    });

    // Collected on the day the next payment was planned: the failure is cleared and the next moves a month on.
    await db.execute(sql`update plan_memberships set next_payment_on = current_date where id = ${row.id}`);
    live.gocardless.confirmPayment(row.dd_subscription_id!);
    await live.gocardless.webhooksSettled();
    const paid = await membershipRow(row.id);
    expect(paid.payment_failed_on).toBeNull();
    expect(paid.next_payment_on! > failed.payment_failed_on!).toBe(true);
    expect(paid.status).toBe('active');
  });

  it('tells the practice of a subscription cancelled at the provider by someone else, and not of the owner’s own', async () => {
    const s = await scene();
    const row = await activeMembership(s);
    // Someone in GoCardless's dashboard (the library, as the dashboard would).
    const dashboard = gocardlessProvider({
      accessToken: live.gocardless.accessToken,
      webhookSecret: live.gocardless.webhookSecret,
      apiUrl: live.gocardless.url,
      timeoutMs: 4000,
    });
    await dashboard.cancelSubscription(row.dd_subscription_id!);
    await live.gocardless.webhooksSettled();
    const events = await eventsOf(row.id);
    expect(events.map((e) => [e.type, e.data.status])).toEqual([
      ['plan.joined', undefined],
      ['plan.direct_debit_failed', 'subscription_cancelled'],
    ]);
    expect((await membershipRow(row.id)).status).toBe('active');
  });

  it('asks for the webhook again (503) when the provider cannot be asked, then applies it', async () => {
    const s = await scene();
    const row = await activeMembership(s);
    live.gocardless.holdWebhooks();
    live.gocardless.failMandate(row.dd_mandate_id!, 'failed', 'invalid_bank_details');
    // The mandate's state is read from the provider: refused three times (the library retries a GET twice).
    live.gocardless.failNext(3, { status: 500, path: /^\/mandates\// });
    await live.gocardless.releaseWebhooks();
    await live.gocardless.webhooksSettled();
    expect(live.gocardless.sentWebhooks().some((sent) => sent.status === 503)).toBe(true);
    expect((await membershipRow(row.id)).dd_mandate_status).not.toBe('failed');
    // GoCardless delivers it again later (here: the same event, signed as GoCardless signs it).
    const event = live.gocardless
      .events()
      .find(
        (e) =>
          e.resource_type === 'mandates' && e.action === 'failed' && e.links?.mandate === row.dd_mandate_id,
      );
    const body = JSON.stringify({ events: [event] });
    expect((await post(body, signed(body))).statusCode).toBe(204);
    expect(await membershipRow(row.id)).toMatchObject({ status: 'active', dd_mandate_status: 'failed' });
  });
});
