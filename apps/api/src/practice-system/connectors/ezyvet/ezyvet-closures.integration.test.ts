import { addDays, practiceDate, practiceInstant } from '@vet/contracts/practice-clock';
import { clients } from '@vet/db/schema/clients';
import { useOwnDatabase } from '@vet/db/testing/own-database';
import { seedImportLookups } from '@vet/practice-import/testing/run-test-import';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../testing/test-app.ts';
import {
  startTestIdentityProvider,
  trustingEnv,
  type TestIdentityProvider,
} from '../../../testing/test-identity-provider.ts';
import { practiceBookingDeps } from '../../desk-bookings/testing/practice-fixtures.ts';
import { createConnectorStore } from '../connector-store.ts';
import { syncCycle, type ConnectorRuntime, type SyncDeps } from '../connector-sync.ts';
import { createEzyvetConnection } from './ezyvet-connection.ts';
import { seedDemoPractice } from './testing/ezyvet-demo-seed.ts';
import { standInCredentials, startEzyvetStandIn, type EzyvetStandIn } from './testing/ezyvet-stand-in.ts';
import { createManualClock, type ManualClock } from './testing/manual-clock.ts';

/**
 * ezyVet's planning guides on a real portal (decision 0116): a block-out guide is a closure that takes the
 * clinician's times out of the client's search, its removal gives them back, and a removed availability
 * guide takes its times away (planning guides alone say when a clinician can be booked).
 */
const log = pino({ level: 'silent' });
const practiceRef = 'PRAC-0001';

describe('ezyVet planning guides in the client’s slot search', () => {
  const own = useOwnDatabase('ezyvet_closures');
  let clock: ManualClock;
  let standIn: EzyvetStandIn;
  let runtime: ConnectorRuntime;
  let provider: TestIdentityProvider;
  let app: Awaited<ReturnType<typeof buildTestApp>>;

  const sync = async () => {
    clock.advance(1_000);
    const deps: SyncDeps = {
      store: createConnectorStore(own.current.db),
      apply: {
        records: { db: own.current.db, pool: own.current.pool },
        bookings: practiceBookingDeps(own.current.db),
        log,
      },
      metrics: undefined,
      log,
      clock: () => new Date(),
    };
    expect(await syncCycle(deps, runtime)).toMatchObject({ kind: 'read' });
  };
  const one = async <T>(sql: string, params: unknown[] = []) =>
    (await own.current.pool.query(sql, params)).rows[0] as T;

  beforeAll(async () => {
    await seedImportLookups(own.current);
    clock = createManualClock(Date.now());
    standIn = await startEzyvetStandIn({ clock });
    await seedDemoPractice(standIn, { practiceRef, from: practiceDate(new Date()), days: 14 });
    const connection = createEzyvetConnection(
      {
        baseUrl: standIn.url,
        credentials: {
          partnerId: standInCredentials.partner_id,
          clientId: standInCredentials.client_id,
          clientSecret: standInCredentials.client_secret,
          scope: 'read-appointment write-appointment',
        },
        practiceRef,
      },
      { clock },
    );
    runtime = { name: 'ezyvet_closures', practices: [practiceRef], pollSeconds: 15, connection };
    provider = await startTestIdentityProvider();
    app = await buildTestApp(own.current, { env: trustingEnv(provider) });
  });
  afterAll(async () => {
    await app?.close();
    await provider?.close();
    await standIn?.close();
  });

  it('closes a day with block-out guides, opens it again, and closes it when its guides go', async () => {
    await sync();
    const client = await one<{ id: number; practice_id: number }>(
      `select c.id, c.home_practice_id as practice_id from clients c
       where exists (select 1 from pets p where p.client_id = c.id and p.status = 'Active') order by c.id limit 1`,
    );
    const pet = await one<{ id: number }>(
      `select id from pets where client_id = $1 and status = 'Active' order by id limit 1`,
      [client.id],
    );
    const reason = await one<{ id: number }>(
      `select id from appointment_reasons
       where is_online and clinician_type = 'Vet' and not is_initial_consultation order by id limit 1`,
    );
    await own.current.db
      .update(clients)
      .set({ identityIssuer: provider.issuer, identitySubject: `subject-${client.id}` })
      .where(eq(clients.id, client.id));
    const authorization = `Bearer ${await provider.sign({ claims: { sub: `subject-${client.id}` } })}`;
    const today = practiceDate(new Date());
    const startsOn = async (day?: string) => {
      const response = await app.inject({
        url: `/practices/${client.practice_id}/appointment-slots`,
        query: {
          appointmentReasonId: String(reason.id),
          petId: String(pet.id),
          fromDate: day ?? addDays(today, 1),
          toDate: day ?? addDays(today, 7),
        },
        headers: { authorization },
      });
      expect(response.statusCode).toBe(200);
      return response.json<{ slots: { startsAt: string }[] }>().slots.map((slot) => slot.startsAt);
    };
    const day = practiceDate(new Date((await startsOn())[0]!));
    const open = await startsOn(day);
    expect(open.length).toBeGreaterThan(0);

    const { db } = standIn;
    const blockType = db.insert('appointmenttype', {
      uid: db.nextUid('type'),
      name: 'Block Out - Unavailable',
      default_duration: 60,
    });
    const dayStart = practiceInstant(day, '00:00').getTime() / 1000;
    const dayEnd = practiceInstant(addDays(day, 1), '00:00').getTime() / 1000;
    const blocks = db.tables.resource.map((resource) =>
      db.insert('planningguide', {
        resource_id: resource.id,
        start_at: dayStart,
        end_at: dayEnd,
        appointment_type_id: blockType.id,
      }),
    );
    await sync();
    expect(await startsOn(day)).toEqual([]);
    const closures = await one<{ count: number }>(`select count(*)::int as count from closures`);
    expect(closures.count).toBe(blocks.length);
    const reasons = await one<{ count: number }>(
      `select count(*)::int as count from appointment_reasons where name = 'Block Out - Unavailable'`,
    );
    expect(reasons.count).toBe(0);

    for (const block of blocks) standIn.deleteRecord('planningguide', block.id);
    await sync();
    expect(await startsOn(day)).toEqual(open);

    for (const guide of db.tables.planningguide)
      if (guide.active && guide.start_at >= dayStart && guide.start_at < dayEnd)
        standIn.deleteRecord('planningguide', guide.id);
    await sync();
    expect(await startsOn(day)).toEqual([]);
    const refused = await own.current.pool.query(`select kind, ref from connector_refusals`);
    expect(refused.rows).toEqual([]);
    expect(standIn.violations).toEqual([]);
  });
});
