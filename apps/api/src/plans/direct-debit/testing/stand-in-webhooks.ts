import { createHmac } from 'node:crypto';
import type { Event } from 'gocardless-nodejs';
import type { Change } from './stand-in-resources.ts';
import { newId, timestamp } from './stand-in-support.ts';

/** One delivery attempt: the answer's status, or null when the endpoint refused or timed out. */
export interface SentWebhook {
  webhookId: string;
  eventIds: string[];
  attempt: number;
  status: number | null;
  error?: string;
}

export interface WebhookRetry {
  /** Attempts in all, the first included (GoCardless itself retries for days). Default 3. */
  attempts?: number;
  /** The wait before the first retry, doubled each time. Default 100 ms. */
  delayMs?: number;
}

export interface ReleaseOptions {
  order?: 'sent' | 'reversed';
  /** Deliver the released webhooks again after the first pass (a duplicate delivery). */
  twice?: boolean;
}

/** GUESS (README): how long the stand-in waits for an endpoint's answer. */
const deliveryTimeoutMs = 10_000;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * `Webhook-Signature`: the HMAC-SHA256 of the exact body with the endpoint's secret, in hex
 * (https://developer.gocardless.com/getting-started/api/staying-up-to-date-with-webhooks), which is what
 * the library's `webhooks.parse` computes and compares.
 */
export const signatureOf = (body: string, secret: string) =>
  createHmac('sha256', secret).update(body).digest('hex');

/**
 * Makes events and delivers them as GoCardless does: a POST of `{ "events": [...], "meta": { "webhook_id" } }`
 * (one event a webhook here: GUESS, README), signed, retried with back-off on a non-2xx answer or a refused
 * connection; holdable, to deliver later in another order or twice.
 */
export function createWebhookSender(options: {
  secret: string;
  url: string | null;
  origin: () => string;
  now: () => number;
  retry?: WebhookRetry;
}) {
  let url = options.url;
  let holding = false;
  const held: Array<{ id: string; body: string; events: Event[] }> = [];
  const events: Event[] = [];
  const sent: SentWebhook[] = [];
  const inFlight = new Set<Promise<void>>();
  const attempts = Math.max(1, options.retry?.attempts ?? 3);
  const firstDelay = options.retry?.delayMs ?? 100;

  async function attempt(webhook: (typeof held)[number], number: number, target: string) {
    const record = {
      webhookId: webhook.id,
      eventIds: webhook.events.map((event) => event.id ?? ''),
      attempt: number,
    };
    try {
      const response = await fetch(target, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'gocardless-webhook-service/1.1',
          origin: options.origin(),
          'webhook-signature': signatureOf(webhook.body, options.secret),
        },
        body: webhook.body,
        signal: AbortSignal.timeout(deliveryTimeoutMs),
      });
      await response.arrayBuffer();
      sent.push({ ...record, status: response.status });
      return response.ok;
    } catch (error) {
      sent.push({ ...record, status: null, error: error instanceof Error ? error.message : String(error) });
      return false;
    }
  }

  async function deliver(webhook: (typeof held)[number]) {
    const target = url;
    if (!target) return;
    for (let number = 1; number <= attempts; number += 1) {
      if (await attempt(webhook, number, target)) return;
      if (number < attempts) await pause(firstDelay * 2 ** (number - 1));
    }
  }

  function track(work: Promise<void>) {
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work));
    return work;
  }

  return {
    setUrl(next: string | null) {
      url = next;
    },
    emit(change: Change) {
      const event: Event = {
        id: newId('EV'),
        created_at: timestamp(options.now()),
        resource_type: change.resourceType,
        action: change.action,
        links: { ...change.links },
        details: { ...change.details },
        metadata: {},
        resource_metadata: { ...change.resourceMetadata },
      };
      events.push(event);
      const id = newId('WB');
      const webhook = {
        id,
        events: [event],
        body: JSON.stringify({ events: [event], meta: { webhook_id: id } }),
      };
      if (holding) held.push(webhook);
      else void track(deliver(webhook));
    },
    hold() {
      holding = true;
    },
    /** Delivers what was held, one after another, in the order asked (each with its retries). */
    release(release: ReleaseOptions = {}): Promise<void> {
      holding = false;
      const batch = held.splice(0);
      if (release.order === 'reversed') batch.reverse();
      const passes = release.twice ? [...batch, ...batch] : batch;
      return track(
        (async () => {
          for (const webhook of passes) await deliver(webhook);
        })(),
      );
    },
    events: () => events.map((event) => structuredClone(event)),
    sent: () => sent.map((entry) => ({ ...entry })),
    async settled() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
}
