import { addDays, practiceInstant } from '@vet/contracts/practice-clock';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { createAppointment, createClient, createPet } from '@vet/db/testing/factories';
import { seedImportLookups } from '@vet/practice-import/testing/run-test-import';
import { testGroup } from '@vet/practice-import/testing/test-group';
import pino from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import { practiceBookingDeps } from '../desk-bookings/testing/practice-fixtures.ts';
import { createConnectorStore } from './connector-store.ts';
import { syncCycle, type ConnectorRuntime } from './connector-sync.ts';
import { connectorDeliveries, connectorEndpointUrl } from './connector-writes.ts';
import { MemoryPracticeSystem } from './testing/memory-practice-system.ts';

/**
 * A connector's way out (decision 0106): the dispatcher's deliveries to `connector:<name>` written into the
 * system, the system's references stored on the records born online, a refusal reported (a time taken at
 * the desk reads the diary at once), an outage left to the dispatcher's retries.
 */
const database = useTestDatabase();
beforeAll(() => seedImportLookups(database));
const log = pino({ level: 'silent' });

const id = async (table: string, ref: string) =>
  (await database.pool.query<{ id: number }>(`select id from ${table} where pms_ref = $1`, [ref])).rows[0]!
    .id;

async function scene() {
  const group = testGroup();
  const system = MemoryPracticeSystem.of(group);
  const runtime: ConnectorRuntime = {
    name: `write-${group.tag.toLowerCase()}`,
    practices: [group.ref('PRAC', 1)],
    pollSeconds: 15,
    connection: system,
  };
  const store = createConnectorStore(database.db);
  await syncCycle(
    {
      store,
      apply: {
        records: { db: database.db, pool: database.pool },
        bookings: practiceBookingDeps(database.db),
        log,
      },
      metrics: undefined,
      log,
      clock: () => new Date(),
    },
    runtime,
  );
  const practiceId = await id('practices', group.ref('PRAC', 1));
  const clinicianId = await id('clinicians', group.ref('CLIN', 1));
  const reasonId = await id('appointment_reasons', group.ref('REASON', 1));
  // A client and pet born online (no reference yet), and their online booking.
  const client = await createClient(database.db, { homePracticeId: practiceId, pmsRef: null });
  const speciesId = (await database.pool.query<{ id: number }>(`select id from species where name = 'Dog'`))
    .rows[0]!.id;
  const pet = await createPet(database.db, { clientId: client.id, speciesId, pmsRef: null });
  const startsAt = practiceInstant(addDays(group.nextWeek, 1), '15:00');
  const appointment = await createAppointment(database.db, {
    practiceId,
    clinicianId,
    clientId: client.id,
    petId: pet.id,
    reasonId,
    startsAt,
    endsAt: new Date(startsAt.getTime() + 15 * 60_000),
  });
  const readSoon: string[] = [];
  const deliver = connectorDeliveries([runtime], {
    db: database.db,
    store,
    metrics: undefined,
    log,
    readSoon: (name) => readSoon.push(name),
  })(connectorEndpointUrl(runtime.name))!;
  const booked = {
    id: `evt_${appointment.id}`,
    type: 'appointment.booked',
    timestamp: new Date(),
    data: {
      appointment_id: appointment.id,
      appointment_ref: null,
      practice_id: practiceId,
      practice_ref: group.ref('PRAC', 1),
      clinician_id: clinicianId,
      clinician_ref: group.ref('CLIN', 1),
      client_id: client.id,
      client_ref: null,
      pet_id: pet.id,
      pet_ref: null,
      reason_id: reasonId,
      reason_ref: group.ref('REASON', 1),
      starts_at: startsAt.toISOString(),
      ends_at: new Date(startsAt.getTime() + 15 * 60_000).toISOString(),
      status: 'Booked',
      notes: null,
    },
  };
  const registered = {
    id: `evt_c${client.id}`,
    type: 'client.registered',
    timestamp: new Date(),
    data: {
      client_id: client.id,
      client_ref: null,
      practice_id: practiceId,
      practice_ref: group.ref('PRAC', 1),
    },
  };
  const petRegistered = {
    id: `evt_p${pet.id}`,
    type: 'pet.registered',
    timestamp: new Date(),
    data: {
      pet_id: pet.id,
      pet_ref: null,
      client_id: client.id,
      client_ref: null,
      name: pet.name,
      species: 'Dog',
    },
  };
  /** The client's and the pet's registrations written, as the dispatcher would before the booking. */
  const register = async () => {
    expect(await deliver(registered)).toEqual({ delivered: true, status: 200 });
    expect(await deliver(petRegistered)).toEqual({ delivered: true, status: 200 });
  };
  return {
    group,
    system,
    runtime,
    client,
    pet,
    appointment,
    deliver,
    booked,
    registered,
    register,
    readSoon,
  };
}

const refOf = async (table: string, rowId: number) =>
  (
    await database.pool.query<{ ref: string | null }>(`select pms_ref as ref from ${table} where id = $1`, [
      rowId,
    ])
  ).rows[0]!.ref;

describe("a connector writing the portal's events into its system", () => {
  it('writes a booking with the references the portal has by then, and stores the one the system gives', async () => {
    const s = await scene();
    await s.register();
    expect(await refOf('clients', s.client.id)).toBe(`SYS-CLI-${s.client.id}`);
    // The pet's registration named its client by the reference the client's write brought back.
    expect(s.system.written[1]!.data).toMatchObject({ client_ref: `SYS-CLI-${s.client.id}` });
    expect(await s.deliver(s.booked)).toEqual({ delivered: true, status: 200 });
    // Written after the client's reference came back: the booking names the client by it.
    expect(s.system.written.at(-1)!.data).toMatchObject({
      client_ref: `SYS-CLI-${s.client.id}`,
      pet_ref: `SYS-PET-${s.pet.id}`,
    });
    expect(await refOf('appointments', s.appointment.id)).toBe(`SYS-APPT-${s.appointment.id}`);
  });

  it("waits with a booking until its new client's and pet's references have come back", async () => {
    const s = await scene();
    expect(await s.deliver(s.booked)).toEqual({ delivered: false, reason: 'waiting_for_references' });
    expect(s.system.written).toEqual([]);
  });

  it('reports a time the system refuses as taken, and reads its diary at once', async () => {
    const s = await scene();
    await s.register();
    s.system.nextWrite = { outcome: 'refused', reason: 'slot_taken', message: 'The time is no longer free.' };
    expect(await s.deliver(s.booked)).toEqual({ delivered: true, status: 200 });
    expect(s.readSoon).toEqual([s.runtime.name]);
    const { rows } = await database.pool.query(
      `select direction, kind, ref, reasons from connector_refusals where name = $1`,
      [s.runtime.name],
    );
    expect(rows).toEqual([
      {
        direction: 'write',
        kind: 'appointment.booked',
        ref: s.booked.id,
        reasons: [{ path: 'slot_taken', message: 'The time is no longer free.' }],
      },
    ]);
    expect(await refOf('appointments', s.appointment.id)).toBeNull();
  });

  it('leaves a write the system could not take to the dispatcher to try again', async () => {
    const s = await scene();
    await s.register();
    s.system.nextWrite = 'unavailable';
    expect(await s.deliver(s.booked)).toEqual({ delivered: false, reason: 'connector_unavailable' });
    expect(await s.deliver(s.booked)).toEqual({ delivered: true, status: 200 });
    expect(s.system.written.map((event) => event.type)).toEqual([
      'client.registered',
      'pet.registered',
      'appointment.booked',
    ]);
  });

  it('holds writes while the operator has paused the connector', async () => {
    const s = await scene();
    const store = createConnectorStore(database.db);
    await store.ensure(s.runtime.name);
    await database.pool.query(`update connector_states set paused = true where name = $1`, [s.runtime.name]);
    expect(await s.deliver(s.registered)).toEqual({ delivered: false, reason: 'connector_paused' });
    expect(s.system.written).toEqual([]);
    await database.pool.query(`update connector_states set paused = false where name = $1`, [s.runtime.name]);
    expect(await s.deliver(s.registered)).toEqual({ delivered: true, status: 200 });
  });

  it('hands a webhook endpoint back to the dispatcher', () => {
    const deliveries = connectorDeliveries([], {
      db: database.db,
      store: createConnectorStore(database.db),
      metrics: undefined,
      log,
      readSoon: () => undefined,
    });
    expect(deliveries('https://pms.example/webhooks')).toBeUndefined();
  });
});
