import { once } from 'node:events';
import { createServer, type RequestListener, type Server } from 'node:http';
import { practiceEventId, type PracticeEventEnvelope } from '@vet/contracts/practice-events';
import { afterEach, describe, expect, it } from 'vitest';
import {
  startReferencePracticeSystem,
  type ReferencePracticeSystem,
} from './testing/reference-practice-system.ts';
import { loopbackReceivers } from './testing/address-rules.ts';
import { newEndpointSecret, sendWebhook, type OutgoingEvent } from './webhook-delivery.ts';

/**
 * One webhook over real HTTP on loopback, to the reference practice system, which verifies each signature
 * with the Standard Webhooks library. No database is needed; this is an integration test because it opens
 * sockets, which unit tests (*.test.ts) must not.
 */
const limits = { timeoutMs: 2000, maxResponseBytes: 64 * 1024 };
let nextId = 1_000;

function cancellation(appointmentId: number): OutgoingEvent {
  const id = practiceEventId((nextId += 1));
  const timestamp = new Date();
  const envelope: PracticeEventEnvelope<'appointment.cancelled'> = {
    id,
    type: 'appointment.cancelled',
    timestamp: timestamp.toISOString(),
    data: {
      appointment_id: appointmentId,
      appointment_ref: null,
      client_id: 7,
      client_ref: 'CLI-000007',
      pet_id: 9,
      pet_ref: 'PET-000009',
      cancelled_at: timestamp.toISOString(),
    },
  };
  return { id, timestamp, body: JSON.stringify(envelope) };
}

describe('sendWebhook to the reference practice system', () => {
  const secret = newEndpointSecret();
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
  });
  async function receiver(): Promise<ReferencePracticeSystem> {
    const system = await startReferencePracticeSystem({ secret });
    cleanups.push(() => system.close());
    return system;
  }

  it('delivers a signed event that the receiver verifies with the same library', async () => {
    const pms = await receiver();
    const event = cancellation(12);
    const outcome = await sendWebhook({ url: pms.url, secret }, event, limits, loopbackReceivers);
    expect(outcome).toEqual({ delivered: true, status: 200 });
    const sent = JSON.parse(event.body) as PracticeEventEnvelope;
    expect(pms.received.map(({ receivedAt: _at, ...received }) => received)).toEqual([
      { webhookId: event.id, type: 'appointment.cancelled', recordKey: 'appointment:12', data: sent.data },
    ]);
    const headers = pms.attempts[0]?.headers ?? {};
    expect(headers['webhook-id']).toBe(event.id);
    expect(headers['webhook-timestamp']).toMatch(/^\d{10}$/);
    expect(Math.abs(Number(headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(60);
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(headers['content-type']).toBe('application/json');
    expect(headers['user-agent']).toContain('vet-client-portal');
  });

  it('repeats the same webhook-id on a retry', async () => {
    const pms = await receiver();
    const event = cancellation(13);
    pms.behave({ failRecord: 'appointment:13' });
    expect(await sendWebhook({ url: pms.url, secret }, event, limits, loopbackReceivers)).toEqual({
      delivered: false,
      reason: 'http_500',
    });
    expect(pms.received).toEqual([]);
    pms.behave('normal');
    expect(await sendWebhook({ url: pms.url, secret }, event, limits, loopbackReceivers)).toMatchObject({
      delivered: true,
    });
    expect(pms.attempts.map((attempt) => [attempt.webhookId, attempt.status])).toEqual([
      [event.id, 500],
      [event.id, 200],
    ]);
    expect(pms.received.map((received) => received.webhookId)).toEqual([event.id]);
  });

  it('signs with the time of sending, so an event retried days later still verifies', async () => {
    const pms = await receiver();
    const old = { ...cancellation(14), timestamp: new Date(Date.now() - 3 * 24 * 3600_000) };
    expect(await sendWebhook({ url: pms.url, secret }, old, limits, loopbackReceivers)).toMatchObject({
      delivered: true,
    });
  });

  it('is refused by a receiver that holds another secret (401, not delivered)', async () => {
    const pms = await receiver();
    const outcome = await sendWebhook(
      { url: pms.url, secret: newEndpointSecret() },
      cancellation(15),
      limits,
      loopbackReceivers,
    );
    expect(outcome).toEqual({ delivered: false, reason: 'http_401' });
    expect(pms.attempts.map((attempt) => attempt.status)).toEqual([401]);
    expect(pms.received).toEqual([]);
  });

  it('is refused (400) when the body is not the envelope its webhook-id names', async () => {
    const pms = await receiver();
    const outcome = await sendWebhook(
      { url: pms.url, secret },
      { ...cancellation(16), id: 'evt_1' },
      limits,
      loopbackReceivers,
    );
    expect(outcome).toEqual({ delivered: false, reason: 'http_400' });
    expect(pms.received).toEqual([]);
  });

  it('gives up on a slow receiver at the deadline, which then counts nothing as received', async () => {
    const pms = await receiver();
    pms.behave({ slowMs: 20_000 });
    const started = performance.now();
    const outcome = await sendWebhook(
      { url: pms.url, secret },
      cancellation(17),
      { ...limits, timeoutMs: 300 },
      loopbackReceivers,
    );
    expect(outcome).toEqual({ delivered: false, reason: 'timeout' });
    // Far below the receiver's 20 s: the deadline, not the receiver, ended it.
    expect(performance.now() - started).toBeLessThan(10_000);
    await pms.waitFor(() => pms.attempts.some((attempt) => attempt.cutOff));
    expect(pms.received).toEqual([]);
  });

  it('does not follow a redirect: the path it points to receives nothing', async () => {
    const pms = await receiver();
    pms.behave({ redirect: true });
    expect(await sendWebhook({ url: pms.url, secret }, cancellation(18), limits, loopbackReceivers)).toEqual({
      delivered: false,
      reason: 'redirect',
    });
    expect(pms.attempts.map((attempt) => [attempt.path, attempt.status])).toEqual([['/events', 307]]);
    expect(pms.received).toEqual([]);
    // The path redirected to would have accepted it: following the redirect would have delivered.
    expect(
      await sendWebhook({ url: pms.movedUrl, secret }, cancellation(18), limits, loopbackReceivers),
    ).toMatchObject({
      delivered: true,
    });
  });

  it('cuts off a huge answer, even a 2xx one, and reports it as not delivered', async () => {
    const pms = await receiver();
    pms.behave({ hugeBody: true });
    const outcome = await sendWebhook({ url: pms.url, secret }, cancellation(19), limits, loopbackReceivers);
    expect(outcome).toEqual({ delivered: false, reason: 'too_large' });
    await pms.waitFor(() => pms.attempts.some((attempt) => attempt.cutOff));
    expect(pms.received).toEqual([]);
  });

  it('reports a refused connection when the receiver is down, and delivers once it is back', async () => {
    const pms = await receiver();
    // Down before any connection was made, so no kept-alive socket can answer for it.
    await pms.goDown();
    const event = cancellation(20);
    expect(await sendWebhook({ url: pms.url, secret }, event, limits, loopbackReceivers)).toEqual({
      delivered: false,
      reason: 'refused',
    });
    await pms.comeBack();
    expect(await sendWebhook({ url: pms.url, secret }, event, limits, loopbackReceivers)).toMatchObject({
      delivered: true,
    });
    expect(pms.received.map((received) => received.webhookId)).toEqual([event.id]);
  });
});

describe('sendWebhook to an endpoint that misbehaves at the HTTP level', () => {
  const secret = newEndpointSecret();
  let server: Server | undefined;
  afterEach(() => {
    server?.closeAllConnections();
    server?.close();
    server = undefined;
  });
  async function endpoint(listener: RequestListener): Promise<string> {
    server = createServer(listener);
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const address = server.address();
    if (typeof address !== 'object' || address === null) throw new Error('No port');
    return `http://127.0.0.1:${address.port}/hooks`;
  }

  it('keeps one deadline over the answer too: headers at once, a body that trickles, cut off', async () => {
    const url = await endpoint((_request, response) => {
      response.writeHead(200);
      response.write('{');
      // Never ends: only the sender's deadline can.
    });
    const started = performance.now();
    const outcome = await sendWebhook(
      { url, secret },
      cancellation(21),
      { ...limits, timeoutMs: 300 },
      loopbackReceivers,
    );
    expect(outcome).toEqual({ delivered: false, reason: 'timeout' });
    expect(performance.now() - started).toBeLessThan(10_000);
  });

  it('refuses an answer whose declared length is over the bound without reading it', async () => {
    const url = await endpoint((_request, response) => {
      response.writeHead(200, { 'content-length': String(limits.maxResponseBytes + 1) });
      response.write('{');
    });
    const outcome = await sendWebhook({ url, secret }, cancellation(22), limits, loopbackReceivers);
    expect(outcome).toEqual({ delivered: false, reason: 'too_large' });
  });

  it('accepts any 2xx, and reports another status by its code only', async () => {
    let status = 204;
    const url = await endpoint((_request, response) => {
      response.writeHead(status, { 'content-type': 'text/plain' }).end(status === 204 ? '' : 'url?token=x');
    });
    expect(await sendWebhook({ url, secret }, cancellation(23), limits, loopbackReceivers)).toEqual({
      delivered: true,
      status: 204,
    });
    status = 410;
    expect(await sendWebhook({ url, secret }, cancellation(23), limits, loopbackReceivers)).toEqual({
      delivered: false,
      reason: 'http_410',
    });
  });

  it('reports an answer that is not HTTP as a network error', async () => {
    const url = await endpoint((request) => request.socket.end('not http at all\r\n\r\n'));
    expect(await sendWebhook({ url, secret }, cancellation(24), limits, loopbackReceivers)).toEqual({
      delivered: false,
      reason: 'network',
    });
  });
});
