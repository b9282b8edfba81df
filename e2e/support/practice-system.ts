import { integrationPathPrefix, practiceSystemScope } from '@vet/contracts/machine-access';
import { recordTestSecret } from '@vet/contracts/testing/test-logs';
import { expect, inject } from 'vitest';

/**
 * Plays the practice system (decision 0062): a client-credentials token from the embedded provider, for
 * the API's integration routes. `scope` and `secret` let a test ask as a badly configured system would.
 */
export async function requestPracticeSystemToken(
  options: { scope?: string; secret?: string } = {},
): Promise<Response> {
  const { issuer, clientId, clientSecret } = inject('practiceSystem');
  const basic = Buffer.from(`${clientId}:${options.secret ?? clientSecret}`).toString('base64');
  return fetch(`${issuer}/oauth/token`, {
    method: 'POST',
    headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      scope: options.scope ?? practiceSystemScope,
    }),
  });
}

/** A bearer header for the practice system's calls to the API. */
export async function practiceSystemAuthorization(options: { scope?: string } = {}): Promise<string> {
  const response = await requestPracticeSystemToken(options);
  if (!response.ok) throw new Error(`the provider refused the practice system's token: ${response.status}`);
  const { access_token: token } = (await response.json()) as { access_token: string };
  recordTestSecret('token', token);
  return `Bearer ${token}`;
}

/** An event of the integration feed, as a test reads it. */
export interface FeedEvent {
  id: string;
  type: string;
  data: Record<string, unknown>;
}

/** Every event the practice system can read from its feed now, in order. */
export async function readFeed(): Promise<FeedEvent[]> {
  const authorization = await practiceSystemAuthorization();
  const events: FeedEvent[] = [];
  let after: string | undefined;
  for (;;) {
    const query = new URLSearchParams({ limit: '1000', ...(after ? { after } : {}) });
    const response = await fetch(`${inject('apiUrl')}${integrationPathPrefix}/events?${query.toString()}`, {
      headers: { authorization },
    });
    expect(response.status).toBe(200);
    const page = (await response.json()) as { events: FeedEvent[]; next_after: string | null };
    events.push(...page.events);
    if (page.events.length === 0 || !page.next_after) return events;
    after = page.next_after;
  }
}

/** A write of the practice system's to the integration API (a record by its reference), expected to succeed. */
export async function writeAsPracticeSystem(
  method: 'PUT' | 'POST' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<void> {
  const response = await fetch(`${inject('apiUrl')}${integrationPathPrefix}/${path}`, {
    method,
    headers: {
      authorization: await practiceSystemAuthorization(),
      // A DELETE sends no body, so names no type: the API refuses an empty JSON body.
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  expect(response.status, `${method} ${path}: ${await response.clone().text()}`).toBeLessThan(300);
}
