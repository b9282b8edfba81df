import { practiceEventId, type PracticeEventEnvelope } from '@vet/contracts/practice-events';
import { useOwnDatabase } from '@vet/db/testing/own-database';
import { afterEach, describe, expect, it } from 'vitest';
import { addEndpoint } from './endpoints-repository.ts';
import {
  noPrivateHosts,
  refuseHostAndAddresses,
  type EndpointAddressRule,
  type ResolveHost,
} from './endpoint-address.ts';
import { allowed } from './testing/address-rules.ts';
import {
  deliveryRows,
  freshAppointmentIds,
  startTestDispatcher,
  writeAppointmentEvent,
  type TestDispatcher,
} from './testing/dispatcher-kit.ts';
import {
  startReferencePracticeSystem,
  type ReferencePracticeSystem,
} from './testing/reference-practice-system.ts';
import { developmentSecretKeys, sealSecret } from './secret-box.ts';
import { newEndpointSecret, sendWebhook, type OutgoingEvent } from './webhook-delivery.ts';

/**
 * Decision 0137 (security round four, S1) at the socket: a delivery dials only the address its own lookup
 * checked. The receiver listens on 127.0.0.1 and names resolve through each test's resolver, never DNS:
 * a name resolving to loopback stands for one that resolves inward at delivery (DNS rebinding).
 */
const database = useOwnDatabase('practice_events_addresses_test');
const limits = { timeoutMs: 2000, maxResponseBytes: 64 * 1024 };
const secret = newEndpointSecret();
let nextId = 5_000;

/** An event the reference practice system accepts: a cancellation, as the contract shapes it. */
function event(): OutgoingEvent {
  const id = practiceEventId((nextId += 1));
  const timestamp = new Date();
  const envelope: PracticeEventEnvelope<'appointment.cancelled'> = {
    id,
    type: 'appointment.cancelled',
    timestamp: timestamp.toISOString(),
    data: {
      appointment_id: nextId,
      appointment_ref: null,
      client_id: 7,
      client_ref: null,
      pet_id: 9,
      pet_ref: null,
      cancelled_at: timestamp.toISOString(),
    },
  };
  return { id, timestamp, body: JSON.stringify(envelope) };
}

/** A resolver that answers `first` once (at registration, say), then `later` every time after. */
function flipping(first: string, later: string): ResolveHost & { asked: () => number } {
  let asked = 0;
  const resolve = () => {
    asked += 1;
    return Promise.resolve([{ address: asked === 1 ? first : later, family: 4 as const }]);
  };
  return Object.assign(resolve, { asked: () => asked });
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function receiver(): Promise<ReferencePracticeSystem & { port: string }> {
  const system = await startReferencePracticeSystem({ secret });
  cleanups.push(() => system.close());
  return { ...system, port: new URL(system.url).port };
}

describe('sendWebhook, for a host that is not public', () => {
  it('does not dial a name that resolved publicly when registered and to loopback when sent', async () => {
    const pms = await receiver();
    const resolve = flipping('93.184.216.34', '127.0.0.1');
    const rule: EndpointAddressRule = { allowedPrivateHosts: noPrivateHosts, resolve };
    // Registered: the name resolved to a public address then.
    expect(await refuseHostAndAddresses('pms.rebinding.example', rule)).toBeNull();
    const url = `http://pms.rebinding.example:${pms.port}/events`;
    const outcome = await sendWebhook({ url, secret }, event(), limits, rule);
    expect(outcome).toEqual({ delivered: false, reason: 'address_refused' });
    expect(resolve.asked()).toBe(2);
    // Nothing reached the receiver: not a connection, let alone a request.
    expect(pms.attempts).toEqual([]);
  });

  it('gives the same reason whether anything listens at the address or not: it is never dialled', async () => {
    const pms = await receiver();
    const rule: EndpointAddressRule = { allowedPrivateHosts: noPrivateHosts };
    const listening = await sendWebhook({ url: pms.url, secret }, event(), limits, rule);
    await pms.goDown();
    const closed = await sendWebhook({ url: pms.url, secret }, event(), limits, rule);
    expect([listening, closed]).toEqual([
      { delivered: false, reason: 'address_refused' },
      { delivered: false, reason: 'address_refused' },
    ]);
    expect(pms.attempts).toEqual([]);
  });

  it('delivers to a private host the operator allowed, at the address its lookup checked', async () => {
    const pms = await receiver();
    const resolve: ResolveHost = () => Promise.resolve([{ address: '127.0.0.1', family: 4 }]);
    const rule: EndpointAddressRule = { allowedPrivateHosts: allowed('receiver.internal'), resolve };
    const sent = event();
    const url = `http://receiver.internal:${pms.port}/events`;
    expect(await sendWebhook({ url, secret }, sent, limits, rule)).toEqual({ delivered: true, status: 200 });
    // The name no DNS knows reached the receiver through the checked lookup, and is the Host it was sent to.
    expect(pms.attempts.map((attempt) => [attempt.webhookId, attempt.headers.host])).toEqual([
      [sent.id, `receiver.internal:${pms.port}`],
    ]);
    // Allowed by address instead, through a name that resolves to it.
    const byAddress = { allowedPrivateHosts: allowed('127.0.0.1'), resolve };
    const url2 = `http://pms.example.org:${pms.port}/events`;
    expect(await sendWebhook({ url: url2, secret }, event(), limits, byAddress)).toMatchObject({
      delivered: true,
    });
  });
});

describe('the dispatcher, for an endpoint whose name resolves inward when it sends', () => {
  let dispatcher: TestDispatcher | undefined;
  afterEach(async () => {
    await dispatcher?.stop();
    dispatcher = undefined;
  });

  it('counts a failed attempt, address_refused, to be retried and parked like any other', async () => {
    const { db } = database.current;
    const pms = await receiver();
    const added = await addEndpoint(db, {
      name: 'rebinding',
      url: `http://pms.rebinding.example:${pms.port}/events`,
      secret: sealSecret(developmentSecretKeys, secret),
    });
    dispatcher = startTestDispatcher(database.current, {
      addressRule: { allowedPrivateHosts: noPrivateHosts, resolve: flipping('127.0.0.1', '127.0.0.1') },
      retry: { baseMs: 50, maxMs: 100, giveUpAfterMs: 3600_000 },
    });
    const id = await writeAppointmentEvent(db, freshAppointmentIds(1)[0]!, 'booked');
    const row = async () =>
      (await deliveryRows(db, added!.id)).find((delivery) => practiceEventId(delivery.eventId) === id);
    await expect.poll(async () => (await row())?.attempts ?? 0).toBeGreaterThanOrEqual(2);
    expect(await row()).toMatchObject({ status: 'pending', lastError: 'address_refused' });
    expect(pms.attempts).toEqual([]);
  });
});
