import type { ServerResponse } from 'node:http';
import { completeFlow, flowClosed, type StandInStore } from './stand-in-resources.ts';

/**
 * The stand-in's hosted page, in place of GoCardless's Billing Request Flow
 * (https://developer.gocardless.com/billing-requests/setting-up-a-dd-mandate): what is being set up,
 * "Set up Direct Debit" (which completes the billing request and redirects, 303, to the flow's
 * `redirect_uri`) and "Back" to its `exit_uri`. The page is the stand-in's own; only those two ways out
 * follow GoCardless.
 */

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

const styles = `
  body { font-family: system-ui, sans-serif; margin: 0; color: #1a1a1a; background: #f6f8fa; line-height: 1.5; }
  main { max-width: 36rem; margin: 2rem auto; padding: 1.5rem; background: #fff; border-radius: 8px; }
  .test-banner { background: #fff3cd; border: 1px solid #8a6d00; padding: 0.5rem 0.75rem; border-radius: 4px; }
  button { font: inherit; margin-top: 1rem; padding: 0.6rem 1.2rem; border-radius: 4px; border: 2px solid #1d3b8f; background: #1d3b8f; color: #fff; cursor: pointer; }
  a { color: #1d3b8f; display: inline-block; margin-top: 1rem; }
  :focus-visible { outline: 3px solid #b3261e; outline-offset: 2px; }
  .alert { color: #8c1d18; font-weight: 600; }
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en-GB">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${escapeHtml(title)} - test Direct Debit page</title>
  <style>${styles}</style>
</head>
<body>
  <main>
    <p class="test-banner">Test stand-in for GoCardless: no real bank account is debited.</p>
${body}
  </main>
</body>
</html>
`;
}

function answerHtml(response: ServerResponse, status: number, html: string) {
  response.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  response.end(html);
}

/** The page's routes: `GET /flows/:id` and `POST /flows/:id/complete`. False when not one. */
export function handlePage(
  store: StandInStore,
  method: string,
  path: string,
  response: ServerResponse,
): boolean {
  const match = /^\/flows\/([^/]+)(\/complete)?$/.exec(path);
  if (!match) return false;
  const [, id = '', complete] = match;
  const flow = store.flows.get(decodeURIComponent(id));
  if (!flow) {
    answerHtml(response, 404, page('Not found', '<h1>No such Direct Debit request</h1>'));
    return true;
  }
  const closed = flowClosed(store, flow);
  const request = store.billingRequests.get(flow.links?.billing_request ?? '');
  const description = request?.mandate_request?.description ?? 'a Direct Debit';
  const back = flow.exit_uri ? `<a href="${escapeHtml(flow.exit_uri)}">Back</a>` : '';
  if (method === 'GET' && !complete) {
    const controls = closed
      ? `<p role="status" class="alert">${escapeHtml(closed)}</p>`
      : `<form method="post" action="/flows/${encodeURIComponent(flow.id)}/complete">
      <button type="submit">Set up Direct Debit</button>
    </form>`;
    answerHtml(
      response,
      200,
      page(
        'Set up a Direct Debit',
        `    <h1>Set up a Direct Debit</h1>
    <p>For: ${escapeHtml(description)}</p>
    <p>Paid by Bacs Direct Debit, protected by the Direct Debit Guarantee.</p>
    ${controls}
    ${back}`,
      ),
    );
  } else if (method === 'POST' && complete) {
    if (closed) {
      answerHtml(
        response,
        409,
        page('Cannot set up', `<p role="status" class="alert">${escapeHtml(closed)}</p>${back}`),
      );
    } else {
      completeFlow(store, flow.id);
      response.writeHead(303, { location: flow.redirect_uri ?? '/' });
      response.end();
    }
  } else {
    answerHtml(response, 405, page('Not allowed', '<h1>Not allowed</h1>'));
  }
  return true;
}
