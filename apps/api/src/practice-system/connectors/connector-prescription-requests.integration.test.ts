import { practiceDate } from '@vet/contracts/practice-clock';
import { useOwnDatabase } from '@vet/db/testing/own-database';
import { seedImportLookups } from '@vet/practice-import/testing/run-test-import';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { practiceBookingDeps } from '../desk-bookings/testing/practice-fixtures.ts';
import { createConnectorStore } from './connector-store.ts';
import { syncCycle, type ConnectorRuntime } from './connector-sync.ts';
import { connectorDeliveries, connectorEndpointUrl } from './connector-writes.ts';
import { createEzyvetConnection } from './ezyvet/index.ts';
import { seedDemoPractice } from './ezyvet/testing/ezyvet-demo-seed.ts';
import {
  standInCredentials,
  startEzyvetStandIn,
  type EzyvetStandIn,
} from './ezyvet/testing/ezyvet-stand-in.ts';
import { createManualClock } from './ezyvet/testing/manual-clock.ts';

/**
 * Decision 0121 through the layer: a client's repeat prescription request, delivered to an ezyVet
 * connector's endpoint as the dispatcher hands it over, reaches the system as a communication on the pet,
 * and the communication's id is kept on the request; a redelivery writes nothing more.
 */
const log = pino({ level: 'silent' });
const own = useOwnDatabase('connectors_rx');
const practiceRef = 'PRAC-0001';
let standIn: EzyvetStandIn;
let runtime: ConnectorRuntime;

const one = async <T>(sql: string, params: unknown[] = []) =>
  (await own.current.pool.query(sql, params)).rows[0] as T;

beforeAll(async () => {
  await seedImportLookups(own.current);
  const clock = createManualClock(Date.now());
  standIn = await startEzyvetStandIn({ clock });
  await seedDemoPractice(standIn, { practiceRef, from: practiceDate(new Date()), days: 7 });
  clock.advance(1_000);
  const connection = createEzyvetConnection(
    {
      baseUrl: standIn.url,
      credentials: {
        partnerId: standInCredentials.partner_id,
        clientId: standInCredentials.client_id,
        clientSecret: standInCredentials.client_secret,
        scope: 'read-animal write-communication',
      },
      practiceRef,
    },
    { clock },
  );
  runtime = { name: 'connectors_rx', practices: [practiceRef], pollSeconds: 15, connection };
  const deps = {
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
});
afterAll(async () => {
  await standIn?.close();
});

describe('a prescription request through an ezyVet connector', () => {
  it('reaches ezyVet as a communication on the pet, its id kept on the request, once', async () => {
    const pet = await one<{
      id: number;
      ref: string;
      client_id: number;
      client_ref: string;
      practice_id: number;
    }>(
      `select p.id, p.pms_ref as ref, c.id as client_id, c.pms_ref as client_ref, c.home_practice_id as practice_id
         from pets p join clients c on c.id = p.client_id where p.status = 'Active' order by p.id limit 1`,
    );
    const request = await one<{ id: number }>(
      `insert into prescription_requests (client_id, pet_id, practice_id, supply)
       values ($1, $2, $3, 'collect') returning id`,
      [pet.client_id, pet.id, pet.practice_id],
    );
    const delivery = {
      id: `evt_rx${request.id}`,
      type: 'prescription.requested',
      timestamp: new Date(),
      data: {
        request_id: request.id,
        practice_id: pet.practice_id,
        practice_ref: practiceRef,
        client_id: pet.client_id,
        client_ref: pet.client_ref,
        pet_id: pet.id,
        pet_ref: pet.ref,
        supply: 'collect',
        fee_pence: 0,
        note: null,
        items: [
          {
            medication_id: 1,
            medication_ref: 'MED-1',
            medicine: 'Meloxicam 1.5 mg/ml oral suspension',
            strength: '1.5 mg/ml',
            category: 'POM-V',
            quantity: 1,
            unit: '100 ml bottle',
          },
        ],
        requested_at: new Date().toISOString(),
      },
    };
    const deliver = connectorDeliveries([runtime], {
      db: own.current.db,
      store: createConnectorStore(own.current.db),
      metrics: undefined,
      log,
      readSoon: () => undefined,
    })(connectorEndpointUrl(runtime.name))!;

    expect(await deliver(delivery)).toEqual({ delivered: true, status: 200 });
    const written = standIn.db.tables.communication;
    expect(written).toEqual([
      expect.objectContaining({
        animal_id: Number(pet.ref),
        contact_id: Number(pet.client_ref),
        subject: `Repeat prescription request (portal request ${request.id})`,
      }),
    ]);
    const stored = await one<{ ref: string | null }>(
      `select pms_ref as ref from prescription_requests where id = $1`,
      [request.id],
    );
    expect(stored.ref).toBe(String(written[0]!.id));

    // The dispatcher delivers it again (an answer lost on our side): found, not written twice.
    expect(await deliver(delivery)).toEqual({ delivered: true, status: 200 });
    expect(standIn.db.tables.communication).toHaveLength(1);
    expect(standIn.count('POST /v1/communication')).toBe(1);
    expect(standIn.violations).toEqual([]);
  });
});
