import { practiceEventId } from '@vet/contracts/practice-events';
import { sequencePracticeEvents } from '../record-events.ts';
import { webhookDeliveries, webhookEndpoints } from '@vet/db/schema/practice-events';
import { and, eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { freshAppointmentIds, writeAppointmentEvent } from '../testing/dispatcher-kit.ts';
import { useOwnDatabase } from '@vet/db/testing/own-database';
import type { EventsCommand } from './command.ts';
import { endpointsAddCommand, endpointsListCommand, endpointsRemoveCommand } from './endpoints.ts';
import { failedCommand } from './failed.ts';
import { redriveCommand } from './redrive.ts';
import { endpointSecretBinding, openSecret } from '../secret-box.ts';
import { productionUrlRule, testSecretKeys } from '../testing/secret-keys.ts';
import type { EndpointUrlRule } from '../config.ts';
import { allowed, loopbackAllowed } from '../testing/address-rules.ts';
import type { ResolvedAddress } from '../endpoint-address.ts';

/**
 * The operator's commands, on a database of the file's own: on the shared one, every event other files
 * number while an endpoint of ours exists becomes a delivery to it, and the counts would be anyone's.
 * No dispatcher runs here: deliveries stay as the test sets them. Each test removes its endpoints.
 */
const database = useOwnDatabase('practice_events_commands_test');
const added: string[] = [];

async function run(command: EventsCommand, ...args: string[]) {
  return runUnder(productionUrlRule, command, ...args);
}

async function runUnder(endpointUrlRule: EndpointUrlRule, command: EventsCommand, ...args: string[]) {
  const lines: string[] = [];
  const { db } = database.current;
  const out = (line: string) => lines.push(line);
  const status = await command.run(args, { db, out, secretKeys: testSecretKeys, endpointUrlRule });
  return { status, lines, text: lines.join('\n') };
}

async function add(name: string, url = 'https://pms.example/events', rule = productionUrlRule) {
  const result = await runUnder(rule, endpointsAddCommand, name, url);
  if (result.status === 0) added.push(name);
  return result;
}

async function endpointId(name: string) {
  const { db } = database.current;
  const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.name, name));
  return row!.id;
}

/** Events of a fresh appointment, numbered, so each endpoint has a delivery of each. */
async function eventsOfOneAppointment(count: number) {
  const { db } = database.current;
  const [appointmentId] = freshAppointmentIds(1);
  const ids: number[] = [];
  for (let index = 0; index < count; index += 1) {
    const id = await writeAppointmentEvent(db, appointmentId!, index === 0 ? 'booked' : 'amended');
    ids.push(Number(id.slice('evt_'.length)));
  }
  while ((await sequencePracticeEvents(db)) > 0);
  return ids;
}

async function park(name: string, eventId: number) {
  await database.current.db
    .update(webhookDeliveries)
    .set({
      status: 'parked',
      attempts: 7,
      lastError: 'http_503',
      retryingSince: sql`now() - interval '3 days'`,
    })
    .where(
      and(eq(webhookDeliveries.endpointId, await endpointId(name)), eq(webhookDeliveries.eventId, eventId)),
    );
}

afterEach(async () => {
  for (const name of added.splice(0)) await run(endpointsRemoveCommand, name);
});

describe('endpoints add', () => {
  it('adds an endpoint and prints its new secret, once', async () => {
    const name = 'pms-north';
    const result = await add(name);
    expect(result.status).toBe(0);
    const [row] = await database.current.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.name, name));
    expect(row).toMatchObject({ url: 'https://pms.example/events', active: true });
    // Printed once; stored sealed under the first key (security round three, finding 7).
    const printed = result.lines.filter((line) => /^whsec_[A-Za-z0-9+/]{43}=$/.test(line));
    expect(printed).toHaveLength(1);
    expect(row?.secret).toMatch(/^enc:v2:k2:/);
    expect(openSecret(testSecretKeys, row!.secret, endpointSecretBinding(row!.id))).toBe(printed[0]);
  });

  it('refuses a taken name, a bad name, a bad URL and missing arguments', async () => {
    const name = 'pms-taken';
    await add(name);
    expect((await add(name)).text).toBe(`Not added: an endpoint named ${name} exists already.`);
    expect((await add('no spaces please')).status).toBe(1);
    expect((await add('pms-bad-url', 'ftp://pms.example/')).text).toBe(
      'Not added: the URL must use http or https.',
    );
    expect((await run(endpointsAddCommand, 'pms-alone')).status).toBe(1);
  });

  it('takes http:// for a local run only, and says why not otherwise', async () => {
    // A local run's receiver on loopback, allowed as WEBHOOK_ALLOWED_PRIVATE_HOSTS would (decision 0137).
    const local = { requireHttps: false, allowedPrivateHosts: loopbackAllowed };
    expect((await add('pms-local', 'http://127.0.0.1:9000/events', local)).status).toBe(0);
    const refused = await add('pms-plain', 'http://pms.example/events');
    expect(refused).toMatchObject({ status: 1, text: 'Not added: the URL must use https.' });
    const noted = { ...productionUrlRule, note: 'production, since NODE_ENV is unset' };
    expect((await add('pms-unset', 'http://pms.example/events', noted)).text).toBe(
      'Not added: the URL must use https (production, since NODE_ENV is unset).',
    );
  });
});

describe('endpoints add, to a host that is not public (security round four, S1)', () => {
  const resolvingTo =
    (address: string): EndpointUrlRule['resolve'] =>
    () =>
      Promise.resolve([{ address, family: address.includes(':') ? 6 : 4 } satisfies ResolvedAddress]);

  it('refuses a loopback, private or metadata host, or a name resolving to one, naming the rule', async () => {
    for (const [url, rule] of [
      ['https://169.254.169.254/latest/', 'the host 169.254.169.254 is a cloud metadata address'],
      ['https://localhost:5432/', 'the host localhost names this machine (localhost)'],
      ['https://10.0.0.1:8443/', 'the host 10.0.0.1 is a private address'],
      ['https://[::1]/', 'the host [::1] is a loopback address'],
    ] as const) {
      const refused = await add('pms-inward', url);
      expect(refused, url).toMatchObject({ status: 1 });
      expect(refused.lines).toEqual([
        `Not added: ${rule}; webhook endpoints must be public.`,
        'A receiver on a private network is allowed by naming its host in WEBHOOK_ALLOWED_PRIVATE_HOSTS.',
      ]);
    }
    // A name is resolved, and refused when any of its addresses is not public; the address is not told.
    const rebinder = { ...productionUrlRule, resolve: resolvingTo('10.1.2.3') };
    const resolved = await add('pms-resolved', 'https://pms.example/events', rebinder);
    expect(resolved.lines[0]).toBe(
      'Not added: the host pms.example resolves to a private address; webhook endpoints must be public.',
    );
    expect(resolved.text).not.toContain('10.1.2.3');
    const rows = await database.current.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.name, 'pms-inward'));
    expect(rows).toEqual([]);
  });

  it('adds a private host the operator allowed by name or address', async () => {
    const rule = {
      ...productionUrlRule,
      allowedPrivateHosts: allowed('receiver.internal,10.0.0.5'),
      resolve: resolvingTo('10.0.0.9'),
    };
    expect(await add('pms-allowed-name', 'https://receiver.internal/events', rule)).toMatchObject({
      status: 0,
    });
    expect(await add('pms-allowed-address', 'https://10.0.0.5:8443/events', rule)).toMatchObject({
      status: 0,
    });
    expect((await add('pms-not-allowed', 'https://10.0.0.6/events', rule)).status).toBe(1);
  });
});

describe('endpoints list and remove', () => {
  it('lists each endpoint with its deliveries waiting and parked', async () => {
    const name = 'pms-listed';
    await add(name);
    const [first] = await eventsOfOneAppointment(3);
    await park(name, first!);
    const result = await run(endpointsListCommand);
    expect(result.status).toBe(0);
    expect(result.lines[0]).toMatch(/^name +active +waiting +parked +url$/);
    expect(result.lines).toContainEqual(
      expect.stringMatching(new RegExp(`^${name} +yes +2 +1 +https://pms\\.example/events$`)),
    );
  });

  it('removes an endpoint with its deliveries, and says when there is none of that name', async () => {
    const name = 'pms-gone';
    await add(name);
    const id = await endpointId(name);
    await eventsOfOneAppointment(1);
    expect(await run(endpointsRemoveCommand, name)).toMatchObject({ status: 0 });
    added.splice(added.indexOf(name), 1);
    const left = await database.current.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, id));
    expect(left).toEqual([]);
    expect(await run(endpointsRemoveCommand, name)).toMatchObject({
      status: 1,
      text: `No endpoint is named ${name}.`,
    });
  });
});

describe('failed and redrive', () => {
  it('lists the parked deliveries of an endpoint, with codes and times only', async () => {
    const name = 'pms-failing';
    await add(name);
    const [first] = await eventsOfOneAppointment(2);
    await park(name, first!);
    const result = await run(failedCommand, '--endpoint', name);
    expect(result.status).toBe(0);
    expect(result.lines[0]).toMatch(/^endpoint +event +type +record +attempts +last error +failing since$/);
    expect(result.lines[1]).toMatch(
      new RegExp(
        `^${name} +${practiceEventId(first!)} +appointment\\.booked +appointment:\\d+ +7 +http_503 +\\d{4}-\\d\\d-\\d\\dT`,
      ),
    );
    expect(result.lines).toHaveLength(3);
    expect(await run(failedCommand, '--endpoint', 'pms-unknown')).toMatchObject({ status: 1 });
  });

  it('re-drives parked deliveries by endpoint or event, each with a new window', async () => {
    const [one, two] = ['pms-redrive-one', 'pms-redrive-two'];
    await add(one);
    await add(two);
    const [first, second] = await eventsOfOneAppointment(2);
    for (const name of [one, two]) await park(name, first!);
    await park(one, second!);

    expect((await run(redriveCommand, '--endpoint', one, '--event', practiceEventId(second!))).text).toBe(
      "Re-drove 1 parked delivery: the API's dispatchers send it now.",
    );
    expect((await run(redriveCommand, '--event', practiceEventId(first!))).status).toBe(0);
    const rows = await database.current.db
      .select()
      .from(webhookDeliveries)
      .where(sql`${webhookDeliveries.eventId} in (${first}, ${second})`);
    // The three parked are pending again (the fourth, never parked, is pending as it was).
    const redriven = rows.filter((row) => row.lastError !== null);
    expect(redriven).toHaveLength(3);
    expect(rows.every((row) => row.status === 'pending')).toBe(true);
    for (const row of redriven) {
      expect(row).toMatchObject({
        status: 'pending',
        attempts: 0,
        retryingSince: null,
        lastError: 'http_503',
      });
      expect(row.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());
    }
    expect(await run(failedCommand, '--endpoint', one)).toMatchObject({ text: 'No parked deliveries.' });
    expect((await run(redriveCommand, '--endpoint', two)).text).toBe(
      'No parked deliveries matched: nothing to re-drive.',
    );
    expect((await run(redriveCommand, '--event', '42')).status).toBe(1);
  });
});
