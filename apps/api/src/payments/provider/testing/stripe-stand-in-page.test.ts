import type Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { depositParams, stripeClientFor } from './stand-in-fixtures.ts';
import { startStripeStandIn, type StripeStandIn } from './stripe-stand-in.ts';

/** The hosted page, fetched as a browser would: its HTML, its forms and their redirects. */

let standIn: StripeStandIn;
let stripe: Stripe;

beforeEach(async () => {
  standIn = await startStripeStandIn();
  stripe = stripeClientFor(standIn);
});

afterEach(() => standIn.close());

const twoItems = () =>
  depositParams({
    line_items: [
      {
        price_data: { currency: 'gbp', unit_amount: 1250, product_data: { name: 'Deposit <consult>' } },
        quantity: 2,
      },
      {
        price_data: { currency: 'gbp', unit_amount: 499, product_data: { name: 'Booking fee' } },
        quantity: 1,
      },
    ],
  });

/** The action of the form whose submit button has this text. */
function formAction(html: string, button: string): string {
  const forms = html.match(/<form[\s\S]*?<\/form>/g) ?? [];
  const form = forms.find((candidate) => candidate.includes(`>${button}</button>`));
  const action = form?.match(/action="([^"]+)"/)?.[1];
  if (!form || !form.includes('method="post"') || !action) throw new Error(`No POST form with "${button}"`);
  return action;
}

describe('hosted payment page', () => {
  it('shows the line items and the total in pounds, says it is a test, and is labelled', async () => {
    const session = await stripe.checkout.sessions.create(twoItems());
    const response = await fetch(session.url!);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain('<html lang="en-GB">');
    expect(html).toMatch(/<title>Pay £29\.99[^<]*<\/title>/);
    expect(html).toContain('<h1>Pay £29.99</h1>');
    expect(html).toContain('Deposit &#60;consult&#62;');
    expect(html).toContain('£25.00');
    expect(html).toContain('£4.99');
    expect(html).toMatch(/Test stand-in for Stripe Checkout/);
    expect(html).toContain('<label for="card-number">');
    expect(html).toContain('id="card-number"');
    expect(html).toContain(':focus-visible');
    expect(html).toContain('<a href="https://portal.example/pay/cancelled">Back</a>');
  });

  it('pays from the form: 303 to success_url with the session id, and the session is complete', async () => {
    const session = await stripe.checkout.sessions.create(twoItems());
    const page = await (await fetch(session.url!)).text();
    const action = formAction(page, 'Pay £29.99');
    const paid = await fetch(new URL(action, standIn.url), { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`https://portal.example/pay/return?session=${session.id}`);
    const after = await stripe.checkout.sessions.retrieve(session.id);
    expect(after).toMatchObject({ status: 'complete', payment_status: 'paid', amount_total: 2999 });

    const again = await fetch(new URL(action, standIn.url), { method: 'POST', redirect: 'manual' });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain('cannot be paid again');
    expect(standIn.paymentIntents()).toHaveLength(1);
  });

  it('declines the card on the page and leaves the session open', async () => {
    const session = await stripe.checkout.sessions.create(twoItems());
    const page = await (await fetch(session.url!)).text();
    const declined = await fetch(new URL(formAction(page, 'Decline card'), standIn.url), { method: 'POST' });
    expect(declined.status).toBe(200);
    expect(await declined.text()).toMatch(/<p role="alert"[^>]*>Your card was declined/);
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');
    expect(standIn.sessions()[0]?.declines).toBe(1);
  });

  it('shows an expired session as one that cannot be paid, without a pay button', async () => {
    const session = await stripe.checkout.sessions.create(twoItems());
    standIn.expire(session.id);
    const html = await (await fetch(session.url!)).text();
    expect(html).toContain('This checkout session has expired: it cannot be paid.');
    expect(html).not.toContain('>Pay £29.99</button>');
    const paid = await fetch(`${standIn.url}/checkout/${session.id}/pay`, {
      method: 'POST',
      redirect: 'manual',
    });
    expect(paid.status).toBe(409);
  });
});
