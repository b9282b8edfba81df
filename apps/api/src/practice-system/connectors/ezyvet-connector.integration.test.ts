import { addDays, practiceDate } from '@vet/contracts/practice-clock';
import { clients } from '@vet/db/schema/clients';
import { useOwnDatabase } from '@vet/db/testing/own-database';
import { seedImportLookups } from '@vet/practice-import/testing/run-test-import';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startTestIdentityProvider,
  trustingEnv,
  type TestIdentityProvider,
} from '../../testing/test-identity-provider.ts';
import { buildTestApp } from '../../testing/test-app.ts';
import { practiceBookingDeps } from '../desk-bookings/testing/practice-fixtures.ts';
import { createConnectorStore } from './connector-store.ts';
import { syncCycle, type ConnectorRuntime, type SyncDeps } from './connector-sync.ts';
import { connectorDeliveries, connectorEndpointUrl } from './connector-writes.ts';
import { createEzyvetConnection } from './ezyvet/index.ts';
import { seedDemoPractice, type DemoSeed } from './ezyvet/testing/ezyvet-demo-seed.ts';
import {
  standInCredentials,
  startEzyvetStandIn,
  type EzyvetStandIn,
} from './ezyvet/testing/ezyvet-stand-in.ts';
import { createManualClock, type ManualClock } from './ezyvet/testing/manual-clock.ts';

/**
 * The layer and the ezyVet connection together (decisions 0106, 0107): the demo group's first practice,
 * held by the ezyVet stand-in, synced into an empty portal; a desk booking made in ezyVet leaving the
 * client's slot search; a client's online booking, written by the connector, in ezyVet's diary.
 */
const own = useOwnDatabase('connectors_ezyvet');
const log = pino({ level: 'silent' });
let clock: ManualClock;
let standIn: EzyvetStandIn;
let seed: DemoSeed;
let runtime: ConnectorRuntime;
let provider: TestIdentityProvider;
let app: Awaited<ReturnType<typeof buildTestApp>>;

const deps = (): SyncDeps => ({
  store: createConnectorStore(own.current.db),
  apply: {
    records: { db: own.current.db, pool: own.current.pool },
    bookings: practiceBookingDeps(own.current.db),
    log,
  },
  metrics: undefined,
  log,
  clock: () => new Date(clock.now()),
});
const one = async <T>(sql: string, params: unknown[] = []) =>
  (await own.current.pool.query(sql, params)).rows[0] as T;

beforeAll(async () => {
  await seedImportLookups(own.current);
  clock = createManualClock(Date.now());
  standIn = await startEzyvetStandIn({ clock });
  seed = await seedDemoPractice(standIn, { from: practiceDate(new Date()), days: 14 });
  // A read window ends the second before ezyVet's clock: the seed's second must have passed.
  clock.advance(1_000);
  runtime = {
    name: 'ezyvet-clapham',
    practices: [seed.practiceRef],
    pollSeconds: 15,
    connection: createEzyvetConnection(
      {
        baseUrl: standIn.url,
        credentials: {
          partnerId: standInCredentials.partner_id,
          clientId: standInCredentials.client_id,
          clientSecret: standInCredentials.client_secret,
          scope: 'read-appointment write-appointment',
        },
        practiceRef: seed.practiceRef,
      },
      { clock },
    ),
  };
  provider = await startTestIdentityProvider();
  app = await buildTestApp(own.current, { env: trustingEnv(provider) });
});
afterAll(async () => {
  await app?.close();
  await provider?.close();
  await standIn?.close();
});

describe('the ezyVet connector on a portal', () => {
  it('syncs the demo practice from ezyVet into an empty portal, every record applied', async () => {
    expect(await syncCycle(deps(), runtime)).toMatchObject({ kind: 'read' });
    const counts = await one<Record<string, number>>(
      `select (select count(*)::int from clients) as clients, (select count(*)::int from pets) as pets,
        (select count(*)::int from appointments) as appointments,
        (select count(*)::int from connector_refusals) as refused`,
    );
    expect(counts).toEqual({
      clients: seed.contacts.size,
      pets: seed.animals.size,
      appointments: seed.appointments.size,
      refused: 0,
    });
  });

  it("takes a desk booking made in ezyVet out of the client's slot search", async () => {
    const client = await one<{ id: number; practice_id: number; ref: string }>(
      `select id, home_practice_id as practice_id, pms_ref as ref from clients order by id limit 1`,
    );
    const pet = await one<{ id: number; ref: string }>(
      `select id, pms_ref as ref from pets where client_id = $1 and status = 'Active' order by id limit 1`,
      [client.id],
    );
    const reason = await one<{ id: number; ref: string; minutes: number }>(
      `select r.id, r.pms_ref as ref, r.duration_minutes as minutes from appointment_reasons r
       where r.is_online and r.clinician_type = 'Vet' and not r.is_initial_consultation order by r.id limit 1`,
    );
    const subject = `subject-${client.id}`;
    await own.current.db
      .update(clients)
      .set({ identityIssuer: provider.issuer, identitySubject: subject })
      .where(eq(clients.id, client.id));
    const authorization = `Bearer ${await provider.sign({ claims: { sub: subject } })}`;
    const today = practiceDate(new Date());
    const starts = async () => {
      const response = await app.inject({
        url: `/practices/${client.practice_id}/appointment-slots`,
        query: {
          appointmentReasonId: String(reason.id),
          petId: String(pet.id),
          fromDate: addDays(today, 1),
          toDate: addDays(today, 7),
        },
        headers: { authorization },
      });
      expect(response.statusCode).toBe(200);
      return response.json<{ slots: { startsAt: string }[] }>().slots.map((slot) => slot.startsAt);
    };
    const before = await starts();
    const taken = before[0]!;
    // Every vet of the practice booked at the desk for that time.
    const vets = await own.current.pool.query<{ ref: string }>(
      `select pms_ref as ref from clinicians where practice_id = $1 and type = 'Vet' and active`,
      [client.practice_id],
    );
    for (const vet of vets.rows)
      standIn.deskBook({
        resourceId: Number(vet.ref),
        typeId: Number(reason.ref),
        animalId: Number(pet.ref),
        startsAt: taken,
        minutes: reason.minutes,
      });
    clock.advance(1_000);
    await syncCycle(deps(), runtime);
    expect(await starts()).not.toContain(taken);
    expect((await starts()).length).toBeLessThan(before.length);

    // The client books the next time online; the connector writes it into ezyVet's diary.
    const next = (await starts())[0]!;
    const booked = await app.inject({
      method: 'POST',
      url: '/appointments',
      headers: { authorization },
      payload: {
        practiceId: client.practice_id,
        petId: pet.id,
        appointmentReasonId: reason.id,
        startsAt: next,
      },
    });
    expect(booked.statusCode).toBe(201);
    const { appointmentId } = booked.json<{ appointmentId: number }>();
    const event = await one<{ id: number; type: string; data: Record<string, unknown>; occurred_at: Date }>(
      `select id, type, data, occurred_at from practice_events where type = 'appointment.booked' and record_id = $1`,
      [appointmentId],
    );
    const deliver = connectorDeliveries([runtime], {
      db: own.current.db,
      store: createConnectorStore(own.current.db),
      metrics: undefined,
      log,
      readSoon: () => undefined,
    })(connectorEndpointUrl(runtime.name))!;
    expect(
      await deliver({
        id: `evt_${event.id}`,
        type: event.type,
        timestamp: event.occurred_at,
        data: event.data,
      }),
    ).toEqual({ delivered: true, status: 200 });
    const ref = await one<{ ref: string }>(`select pms_ref as ref from appointments where id = $1`, [
      appointmentId,
    ]);
    const inDiary = standIn.db.find('appointment', Number(ref.ref));
    expect(inDiary).toMatchObject({ start_at: Date.parse(next) / 1000, animal_id: Number(pet.ref) });
    expect(standIn.violations).toEqual([]);
  });
});
