import type { Database } from '@vet/db/connection';
import { sequencePracticeEvents } from './record-events.ts';
import { createDeliverer, type ConnectorDeliveries, type SendWebhook } from './deliver-next.ts';
import { nextDueTime } from './delivery-queue.ts';
import { errorCode, type DispatcherLogger } from './dispatcher-logger.ts';
import { disableFailingEndpoint } from './failing-endpoints.ts';
import { listenForEvents, type ConnectListener } from './event-listener.ts';
import { defaultRetryPolicy, type RetryPolicy } from './retry-policy.ts';
import { developmentSecretKeys, type SecretKeys } from './secret-box.ts';
import { Wakeup, DueTimer } from './wakeup.ts';
import type { EndpointAddressRule } from './endpoint-address.ts';
import { closeConnections, sendWebhook, type DeliveryLimits } from './webhook-delivery.ts';

export interface EventDispatcherOptions {
  /** Its own pool is best: each delivery being sent holds a connection (concurrency + 2 is enough). */
  db: Database;
  /** A connection to LISTEN on, outside the pool (listenerConnection(url)). */
  connectListener: ConnectListener;
  limits: DeliveryLimits;
  retry?: RetryPolicy;
  /** Deliveries sent at once by this process (default 4). */
  concurrency?: number;
  /**
   * Milliseconds between looks for work without a wake-up (default 5000): a safety net, as committed
   * events wake the dispatcher (NOTIFY) and a failed delivery's retry time sets a timer.
   */
  pollMs?: number;
  /** Production: endpoints with an http:// URL are not sent to. */
  requireHttps: boolean;
  /**
   * The hosts it may dial (decision 0137): public addresses, and those WEBHOOK_ALLOWED_PRIVATE_HOSTS names
   * (`allowedPrivateHosts`); `resolve` for tests only.
   */
  addressRule: EndpointAddressRule;
  /** What opens the endpoints' stored secrets (WEBHOOK_SECRET_KEYS); unset: the development key. */
  secretKeys?: SecretKeys;
  logger: DispatcherLogger;
  /** The connectors' way out (decision 0106): endpoints whose URL names a connector. */
  connectors?: ConnectorDeliveries | undefined;
  /** Tests only: the time used to decide what is due (move it forward to pass hours in a moment). */
  clock?: () => Date;
  /** Tests only: the back-off's jitter source, and the transport. */
  random?: () => number;
  send?: SendWebhook;
}

export interface EventDispatcher {
  /** Claims nothing more, lets the deliveries being sent finish, and closes the listening connection. */
  stop(): Promise<void>;
}

/** Events numbered per transaction of the sequencer: a fuller batch means more are waiting. */
const sequenceBatch = 5000;
/** The first wait after the database failed a look for work; it doubles up to pollMs. */
const firstErrorWaitMs = 250;

/**
 * Delivers practice events to the webhook endpoints (decision 0067). Any number of processes may run one on
 * the same database. A wake-up (an event committed, the listener reconnected, a retry falling due, the
 * poll) numbers the committed events and writes their deliveries (sequencePracticeEvents), then wakes
 * `concurrency` slots, each of which sends due deliveries one at a time until none is left
 * (deliver-next.ts, delivery-queue.ts).
 */
export function startEventDispatcher(options: EventDispatcherOptions): EventDispatcher {
  const { db, logger } = options;
  const clock = options.clock ?? (() => new Date());
  const pollMs = options.pollMs ?? 5000;
  const concurrency = options.concurrency ?? 4;
  const retry = options.retry ?? defaultRetryPolicy;
  const disableAfterMs = retry.disableEndpointAfterMs ?? defaultRetryPolicy.disableEndpointAfterMs!;
  // A rule of its own, so its kept-alive connections are its own too, closed when it stops.
  const addressRule: EndpointAddressRule = { ...options.addressRule };
  const deliverNext = createDeliverer({
    db,
    send: options.send ?? sendWebhook,
    limits: options.limits,
    retry,
    requireHttps: options.requireHttps,
    addressRule,
    secretKeys: options.secretKeys ?? developmentSecretKeys,
    clock,
    random: options.random ?? Math.random,
    logger,
    connectors: options.connectors,
  });
  const wakeup = new Wakeup();
  let stopping = false;

  // One look at a time; wake-ups during a look make one more look after it. `findDueTime`: the poll, the
  // start and a reconnection also ask for the next due time (the retries other instances scheduled); a
  // commit's wake-up does not, as there are a hundred a second at busy times.
  let looking: Promise<void> | undefined;
  let lookAgain = false;
  let dueTimeWanted = false;
  const look = (findDueTime: boolean) => {
    if (stopping) return;
    dueTimeWanted ||= findDueTime;
    if (looking) {
      lookAgain = true;
      return;
    }
    looking = (async () => {
      do {
        lookAgain = false;
        await lookOnce();
      } while (lookAgain && !stopping);
    })().finally(() => (looking = undefined));
  };
  const dueTimer = new DueTimer(clock, () => look(true));

  async function lookOnce(): Promise<void> {
    let numbered = 0;
    try {
      for (;;) {
        const batch = await sequencePracticeEvents(db, sequenceBatch);
        numbered += batch;
        if (batch < sequenceBatch || stopping) break;
      }
    } catch (error) {
      logger.warn({ reason: errorCode(error) }, 'practice events not numbered; will look again');
    }
    // A slot per new event at most; a slot that finds work wakes one more (runSlot), so a backlog
    // (retries falling due, events another instance numbered) soon has every slot on it.
    wakeup.wake(Math.max(1, numbered));
    if (!dueTimeWanted) return;
    dueTimeWanted = false;
    try {
      const next = await nextDueTime(db, clock());
      if (next && !stopping) dueTimer.at(next);
    } catch (error) {
      dueTimeWanted = true;
      logger.warn({ reason: errorCode(error) }, 'next due delivery not found; will look again');
    }
  }

  /**
   * A parked delivery may be the sign of a receiver gone for good (decision 0139): disabled after only
   * failures for the policy's time. The log names the endpoint by id alone; its owner sees it in the API.
   */
  async function disableIfOnlyFailing(endpointId: number): Promise<void> {
    if (!(await disableFailingEndpoint(db, endpointId, clock(), disableAfterMs))) return;
    logger.error(
      { endpointId, failingForHours: Math.round(disableAfterMs / 3600_000) },
      'webhook endpoint disabled: only failures for its time; its owner or the operator enables it again',
    );
  }

  async function runSlot(): Promise<void> {
    let errors = 0;
    while (!stopping) {
      const seen = wakeup.seen;
      try {
        const round = await deliverNext();
        errors = 0;
        if (round.kind === 'idle') await wakeup.wait(seen, pollMs);
        else wakeup.wake(1);
        if (round.kind === 'failed') dueTimer.at(round.retryAt);
        if (round.kind === 'parked') await disableIfOnlyFailing(round.endpointId);
      } catch (error) {
        // The database failed (a restart, say): the delivery's transaction rolled back; look again soon.
        errors += 1;
        logger.warn({ reason: errorCode(error) }, 'event delivery interrupted; will look again');
        await wakeup.wait(wakeup.seen, Math.min(pollMs, firstErrorWaitMs * 2 ** Math.min(errors - 1, 10)));
      }
    }
  }

  const listener = listenForEvents({
    connect: options.connectListener,
    onEvent: () => look(false),
    onListening: () => look(true),
    logger,
  });
  const poll = setInterval(() => look(true), pollMs);
  const slots = Array.from({ length: concurrency }, () => runSlot());
  look(true);

  return {
    stop: async () => {
      if (stopping) return;
      stopping = true;
      clearInterval(poll);
      dueTimer.stop();
      wakeup.wake();
      await Promise.all([listener.close(), ...slots, looking]);
      closeConnections(addressRule);
    },
  };
}
