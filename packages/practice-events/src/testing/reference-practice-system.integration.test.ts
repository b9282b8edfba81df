import { practiceEventId, type PracticeEventType } from '@vet/contracts/practice-events';
import { afterEach, describe, expect, it } from 'vitest';
import { newEndpointSecret, sendWebhook, type OutgoingEvent } from '../webhook-delivery.ts';
import { loopbackReceivers } from './address-rules.ts';
import { startReferencePracticeSystem, type ReferencePracticeSystem } from './reference-practice-system.ts';

/**
 * The fixture other tests lean on (the dispatcher's fault tests): each behaviour does what it says, and
 * only that. Real HTTP on loopback, no database.
 */
const limits = { timeoutMs: 5000, maxResponseBytes: 64 * 1024 };
let nextId = 5_000;

function event(type: PracticeEventType, data: Record<string, unknown>): OutgoingEvent {
  const id = practiceEventId((nextId += 1));
  const timestamp = new Date();
  return { id, timestamp, body: JSON.stringify({ id, type, timestamp: timestamp.toISOString(), data }) };
}
const linked = (clientId: number) =>
  event('client.linked', {
    client_id: clientId,
    client_ref: null,
    practice_id: 1,
    practice_ref: 'PRAC-0001',
  });
const cancelled = (appointmentId: number) =>
  event('appointment.cancelled', {
    appointment_id: appointmentId,
    appointment_ref: null,
    client_id: 3,
    client_ref: null,
    pet_id: 4,
    pet_ref: null,
    cancelled_at: new Date().toISOString(),
  });

describe('the reference practice system', () => {
  const secret = newEndpointSecret();
  const systems: ReferencePracticeSystem[] = [];
  afterEach(async () => {
    await Promise.all(systems.splice(0).map((system) => system.close()));
  });
  async function start() {
    const system = await startReferencePracticeSystem({ secret });
    systems.push(system);
    return system;
  }
  const send = (system: ReferencePracticeSystem, outgoing: OutgoingEvent, timeoutMs = limits.timeoutMs) =>
    sendWebhook({ url: system.url, secret }, outgoing, { ...limits, timeoutMs }, loopbackReceivers);

  it('keys each event by its record kind and portal id', async () => {
    const pms = await start();
    await send(pms, linked(31));
    await send(pms, cancelled(32));
    expect(pms.received.map((received) => [received.type, received.recordKey])).toEqual([
      ['client.linked', 'client:31'],
      ['appointment.cancelled', 'appointment:32'],
    ]);
  });

  it('refuses a request without signature headers (401) and does not record it as received', async () => {
    const pms = await start();
    const answer = await fetch(pms.url, { method: 'POST', body: cancelled(33).body });
    expect(answer.status).toBe(401);
    expect(pms.attempts.map((attempt) => [attempt.webhookId, attempt.status])).toEqual([[null, 401]]);
    expect(pms.received).toEqual([]);
  });

  it('fails one record only, until told to behave normally', async () => {
    const pms = await start();
    pms.behave({ failRecord: 'appointment:34' });
    expect(await send(pms, cancelled(34))).toEqual({ delivered: false, reason: 'http_500' });
    expect(await send(pms, cancelled(35))).toMatchObject({ delivered: true });
    expect(await send(pms, linked(34))).toMatchObject({ delivered: true });
    pms.behave('normal');
    expect(await send(pms, cancelled(34))).toMatchObject({ delivered: true });
    expect(pms.received.map((received) => received.recordKey)).toEqual([
      'appointment:35',
      'client:34',
      'appointment:34',
    ]);
  });

  it('answers slowly but within the sender’s deadline: accepted', async () => {
    const pms = await start();
    pms.behave({ slowMs: 50 });
    expect(await send(pms, cancelled(36))).toMatchObject({ delivered: true });
    expect(pms.received).toHaveLength(1);
  });

  it('goes down with connections open, refuses while down, and comes back on the same URL', async () => {
    const pms = await start();
    expect(await send(pms, cancelled(37))).toMatchObject({ delivered: true });
    await pms.goDown();
    // The sender's kept-alive socket may still be in its pool: that attempt fails as a network error.
    const whileDown = await send(pms, cancelled(38));
    expect(whileDown.delivered).toBe(false);
    expect(['refused', 'network']).toContain(whileDown.delivered ? '' : whileDown.reason);
    expect(await send(pms, cancelled(38))).toEqual({ delivered: false, reason: 'refused' });
    await pms.comeBack();
    expect(await send(pms, cancelled(38))).toMatchObject({ delivered: true });
    expect(pms.received.map((received) => received.recordKey)).toEqual(['appointment:37', 'appointment:38']);
  });

  it('closes at once with a slow answer pending, cutting its sender off', async () => {
    const pms = await start();
    pms.behave({ slowMs: 60_000 });
    const pending = send(pms, cancelled(39), 30_000);
    await pms.waitFor(() => pms.attempts.length === 1);
    const started = performance.now();
    await pms.close();
    expect(await pending).toEqual({ delivered: false, reason: 'network' });
    expect(performance.now() - started).toBeLessThan(10_000);
    await pms.waitFor(() => pms.attempts[0]?.cutOff === true);
    expect(pms.received).toEqual([]);
  });

  it('waits for a condition that later deliveries make true, and gives up at its deadline', async () => {
    const pms = await start();
    const waiting = pms.waitFor((received) => received.length === 2);
    await send(pms, cancelled(40));
    await send(pms, cancelled(41));
    await waiting;
    await expect(pms.waitFor((received) => received.length === 3, 50)).rejects.toThrow(
      /did not hold within 50 ms \(2 events accepted, 2 requests\)/,
    );
  });
});
