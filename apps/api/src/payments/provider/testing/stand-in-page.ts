import type { ServerResponse } from 'node:http';
import { completeSession, expireDue, type StandInStore } from './stand-in-sessions.ts';
import type { SessionRecord } from './stand-in-support.ts';

/**
 * The stand-in's hosted payment page, in place of Checkout's (https://docs.stripe.com/payments/checkout/how-checkout-works):
 * the session's line items and total, "Pay", a declined card, and "Back" to `cancel_url`. Paying redirects
 * (303) to `success_url` with `{CHECKOUT_SESSION_ID}` replaced
 * (https://docs.stripe.com/payments/checkout/custom-success-page). The page is the stand-in's own; only
 * the redirects follow Stripe.
 */

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

const money = (amount: number, currency: string) =>
  new Intl.NumberFormat('en-GB', { style: 'currency', currency: currency.toUpperCase() }).format(
    amount / 100,
  );

const styles = `
  body { font-family: system-ui, sans-serif; margin: 0; color: #1a1a1a; background: #f6f8fa; line-height: 1.5; }
  main { max-width: 36rem; margin: 2rem auto; padding: 1.5rem; background: #fff; border-radius: 8px; }
  .test-banner { background: #fff3cd; border: 1px solid #8a6d00; padding: 0.5rem 0.75rem; border-radius: 4px; }
  table { width: 100%; border-collapse: collapse; margin: 1rem 0; }
  th, td { text-align: left; padding: 0.4rem; border-bottom: 1px solid #c9ced6; }
  td.amount, th.amount { text-align: right; }
  label { display: block; font-weight: 600; margin-top: 1rem; }
  input { font: inherit; padding: 0.5rem; width: 100%; box-sizing: border-box; border: 1px solid #5c6470; border-radius: 4px; }
  button { font: inherit; margin-top: 1rem; padding: 0.6rem 1.2rem; border-radius: 4px; border: 2px solid #1d3b8f; cursor: pointer; }
  .pay { background: #1d3b8f; color: #fff; }
  .decline { background: #fff; color: #1d3b8f; }
  a { color: #1d3b8f; display: inline-block; margin-top: 1rem; }
  :focus-visible { outline: 3px solid #b3261e; outline-offset: 2px; }
  .alert { color: #8c1d18; font-weight: 600; }
`;

type Notice = 'declined' | undefined;

function unpayable(record: SessionRecord): string | null {
  if (record.session.status === 'complete') return 'This payment is complete: it cannot be paid again.';
  if (record.session.status === 'expired') return 'This checkout session has expired: it cannot be paid.';
  return null;
}

export function renderPage(record: SessionRecord, notice?: Notice): string {
  const { session } = record;
  const currency = session.currency ?? 'gbp';
  const total = money(session.amount_total ?? 0, currency);
  const rows = record.lineItems
    .map(
      (item) =>
        `<tr><td>${escapeHtml(item.name)}</td><td>${item.quantity}</td>` +
        `<td class="amount">${money(item.unitAmount * item.quantity, currency)}</td></tr>`,
    )
    .join('\n');
  const closed = unpayable(record);
  const action = `/checkout/${encodeURIComponent(session.id)}`;
  const controls = closed
    ? `<p role="status" class="alert">${closed}</p>`
    : `${notice === 'declined' ? '<p role="alert" class="alert">Your card was declined. Nothing was taken: try again.</p>' : ''}
    <form method="post" action="${action}/pay">
      <label for="card-number">Card number (test)</label>
      <input id="card-number" name="card_number" value="4242 4242 4242 4242" inputmode="numeric" autocomplete="off" readonly>
      <button type="submit" class="pay">Pay ${total}</button>
    </form>
    <form method="post" action="${action}/decline">
      <button type="submit" class="decline">Decline card</button>
    </form>`;
  const back = session.cancel_url ? `<a href="${escapeHtml(session.cancel_url)}">Back</a>` : '';
  return `<!doctype html>
<html lang="en-GB">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Pay ${total} - test payment page</title>
  <style>${styles}</style>
</head>
<body>
  <main>
    <p class="test-banner">Test stand-in for Stripe Checkout: no real card is charged.</p>
    <h1>Pay ${total}</h1>
    <table>
      <caption>What you are paying for</caption>
      <thead><tr><th scope="col">Item</th><th scope="col">Quantity</th><th scope="col" class="amount">Amount</th></tr></thead>
      <tbody>
${rows}
      </tbody>
      <tfoot><tr><th scope="row" colspan="2">Total</th><td class="amount">${total}</td></tr></tfoot>
    </table>
    ${controls}
    ${back}
  </main>
</body>
</html>
`;
}

function answerHtml(response: ServerResponse, status: number, html: string) {
  response.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  response.end(html);
}

/** Where paying sends the customer: `success_url` with the session's id in place of the template. */
export const successRedirect = (record: SessionRecord) =>
  (record.session.success_url ?? '').replaceAll('{CHECKOUT_SESSION_ID}', record.session.id);

/** The page's routes: `GET /checkout/:id`, `POST /checkout/:id/pay`, `POST /checkout/:id/decline`. False when not one. */
export function handlePage(
  store: StandInStore,
  method: string,
  path: string,
  response: ServerResponse,
): boolean {
  const match = /^\/checkout\/([^/]+)(?:\/(pay|decline))?$/.exec(path);
  if (!match) return false;
  const [, id = '', action] = match;
  expireDue(store);
  const record = store.sessions.get(decodeURIComponent(id));
  if (!record) {
    answerHtml(
      response,
      404,
      '<!doctype html><html lang="en-GB"><head><title>Not found</title></head><body><main><h1>No such checkout session</h1></main></body></html>',
    );
    return true;
  }
  if (method === 'GET' && !action) {
    answerHtml(response, 200, renderPage(record));
  } else if (method === 'POST' && action === 'decline') {
    if (!unpayable(record)) record.declines += 1;
    answerHtml(response, unpayable(record) ? 409 : 200, renderPage(record, 'declined'));
  } else if (method === 'POST' && action === 'pay') {
    if (unpayable(record)) {
      answerHtml(response, 409, renderPage(record));
    } else {
      completeSession(store, record.session.id);
      response.writeHead(303, { location: successRedirect(record) });
      response.end();
    }
  } else {
    answerHtml(response, 405, renderPage(record));
  }
  return true;
}
