import Stripe from 'stripe';
import { newId, seconds, type EventRequest } from './stand-in-support.ts';

/**
 * `#/components/schemas/event` (https://docs.stripe.com/api/events/object): `data.object` is the object as
 * it was when the event happened; `pending_webhooks` the endpoints not yet answered 2xx.
 */
export interface StandInEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  data: { object: unknown };
  livemode: false;
  pending_webhooks: number;
  request: EventRequest;
  type: string;
}

/** One delivery attempt: the answer's status, or null when the endpoint refused or timed out. */
export interface SentEvent {
  id: string;
  type: string;
  attempt: number;
  status: number | null;
  error?: string;
  event: StandInEvent;
}

export interface WebhookRetry {
  /** Attempts in all, the first included (Stripe itself retries for up to three days). Default 3. */
  attempts?: number;
  /** The wait before the first retry, doubled each time. Default 100 ms. */
  delayMs?: number;
}

export interface ReleaseOptions {
  order?: 'sent' | 'reversed';
  /** Deliver the released events again after the first pass (a duplicate delivery). */
  twice?: boolean;
}

/** GUESS (README): how long the stand-in waits for an endpoint's answer. */
const deliveryTimeoutMs = 10_000;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Makes events and delivers them as Stripe does (https://docs.stripe.com/webhooks): a POST of the JSON
 * event, signed in `Stripe-Signature` by the official library's test helper (the scheme of
 * https://docs.stripe.com/webhooks#verify-manually: `t=<unix seconds>,v1=<HMAC-SHA256 of "t.payload">`),
 * each attempt signed afresh; a non-2xx answer or a refused connection is retried with back-off.
 */
export function createWebhookSender(options: {
  secret: string;
  url: string | null;
  now: () => number;
  retry?: WebhookRetry;
}) {
  let url = options.url;
  let holding = false;
  const held: StandInEvent[] = [];
  const events: StandInEvent[] = [];
  const sent: SentEvent[] = [];
  const inFlight = new Set<Promise<void>>();
  const attempts = Math.max(1, options.retry?.attempts ?? 3);
  const firstDelay = options.retry?.delayMs ?? 100;

  async function attempt(event: StandInEvent, number: number, target: string): Promise<boolean> {
    // Stripe sends the event pretty-printed; the signature covers the exact bytes.
    const payload = JSON.stringify(event, null, 2);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: options.secret });
    try {
      const response = await fetch(target, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': signature,
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        },
        body: payload,
        signal: AbortSignal.timeout(deliveryTimeoutMs),
      });
      await response.arrayBuffer();
      sent.push({ id: event.id, type: event.type, attempt: number, status: response.status, event });
      return response.ok;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      sent.push({ id: event.id, type: event.type, attempt: number, status: null, error: message, event });
      return false;
    }
  }

  async function deliver(event: StandInEvent) {
    const target = url;
    if (!target) return;
    for (let number = 1; number <= attempts; number += 1) {
      if (await attempt(event, number, target)) return;
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
    emit(type: string, object: object, request: EventRequest) {
      const event: StandInEvent = {
        id: newId('evt_'),
        object: 'event',
        api_version: Stripe.API_VERSION,
        created: seconds(options.now()),
        data: { object: structuredClone(object) },
        livemode: false,
        pending_webhooks: url ? 1 : 0,
        request: { ...request },
        type,
      };
      events.push(event);
      if (holding) held.push(event);
      else void track(deliver(event));
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
          for (const event of passes) await deliver(event);
        })(),
      );
    },
    events: () => events.map((event) => structuredClone(event)),
    sent: () => sent.map((entry) => ({ ...entry, event: structuredClone(entry.event) })),
    /** Resolves when every delivery under way (retries included) has ended. */
    async settled() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
}

export type WebhookSender = ReturnType<typeof createWebhookSender>;
