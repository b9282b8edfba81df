import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Kit, readAll, startKit } from './testing/provet-test-kit.ts';

let kit: Kit;
beforeEach(async () => {
  kit = await startKit();
});
afterEach(async () => {
  // Every request the connection sent passed the stand-in's documented request validation.
  expect(kit.standIn.control.violations).toEqual([]);
  await kit.standIn.close();
});

const bodyOf = (records: { ref: string; body: unknown }[], ref: number | undefined) =>
  records.find((record) => record.ref === String(ref))?.body as Record<string, unknown> | undefined;

describe('Provet Cloud: the first sync', () => {
  it('pages through every kind of the seeded demo group, parents first', async () => {
    const connection = kit.connect({ pageSize: 10 });
    expect(connection.readKinds).toEqual([
      'practices',
      'clinicians',
      'appointment-reasons',
      'clients',
      'pets',
      'vaccinations',
      'closures',
      'appointments',
      'invoices',
    ]);

    const practices = await readAll(connection, 'practices');
    expect(practices.records).toEqual([
      {
        ref: 'PRAC-0001',
        body: expect.objectContaining({
          practice_ref: 'PRAC-0001',
          name: 'Willowbrook Vets Clapham',
          postcode: 'SW4 9NG',
        }) as unknown,
      },
    ]);

    const clinicians = await readAll(connection, 'clinicians');
    expect(clinicians.pages).toBeGreaterThan(1);
    const helen = bodyOf(clinicians.records, kit.ids.users.get('CLIN-0001'));
    expect(helen).toMatchObject({
      first_name: 'Helen',
      last_name: 'Marsh',
      clinician_type: 'Vet',
      practice_ref: 'PRAC-0001',
    });
    // Monday 08:30-18:30 with 13:00-14:00 off: two shifts on the day, each valid that day only.
    expect(helen?.rota_shifts).toEqual(
      expect.arrayContaining([
        { day_of_week: 1, starts: '08:30', ends: '13:00', valid_from: '2026-11-23', valid_to: '2026-11-23' },
        { day_of_week: 1, starts: '14:00', ends: '18:30', valid_from: '2026-11-23', valid_to: '2026-11-23' },
      ]),
    );
    // Rostered at another department only: not this practice's clinician.
    const elsewhere = [...kit.ids.users.entries()].filter(
      ([ref]) => !clinicians.records.some((r) => r.ref === String(kit.ids.users.get(ref))),
    );
    expect(elsewhere.length).toBeGreaterThan(0);

    const closures = await readAll(connection, 'closures');
    expect(closures).toMatchObject({
      deleted: [],
      records: [
        {
          ref: String(kit.ids.closures.get('CLOS-0145')),
          body: {
            practice_ref: 'PRAC-0001',
            clinician_ref: String(kit.ids.users.get('CLIN-0001')),
            starts_at: '2026-12-07T00:00:00.000Z',
            ends_at: '2026-12-12T00:00:00.000Z',
            reason: 'Annual leave',
          },
        },
      ],
    });

    const reasons = await readAll(connection, 'appointment-reasons');
    expect(reasons.records).toHaveLength(kit.ids.reasons.size);
    expect(bodyOf(reasons.records, kit.ids.reasons.get('REASON-VACC'))).toMatchObject({
      name: 'Vaccination',
      duration_minutes: 15,
      online: true,
    });

    const clients = await readAll(connection, 'clients');
    expect(clients.pages).toBe(Math.ceil(kit.ids.clients.size / 10));
    expect(clients.records).toHaveLength(kit.ids.clients.size);
    expect(bodyOf(clients.records, kit.ids.clients.get('CLI-000001'))).toMatchObject({
      first_name: 'Olivia',
      last_name: 'Bennett',
      mobile_phone: '+447700100101',
      postcode: 'SW4 0LN',
      salutation: 'Ms',
    });

    const pets = await readAll(connection, 'pets');
    expect(pets.records).toHaveLength(kit.ids.patients.size);
    expect(bodyOf(pets.records, kit.ids.patients.get('PET-000001'))).toMatchObject({
      client_ref: String(kit.ids.clients.get('CLI-000001')),
      name: 'Bramble',
      species: 'Dog',
      breed: 'Labrador Retriever',
      sex: 'Female',
      status: 'Active',
    });

    const appointments = await readAll(connection, 'appointments');
    expect(appointments.records.length).toBeGreaterThan(0);
    expect(
      appointments.records.every((r) => (r.body as { practice_ref: string }).practice_ref === 'PRAC-0001'),
    ).toBe(true);
    expect(bodyOf(appointments.records, kit.ids.appointments.get('APT-000001'))).toMatchObject({
      clinician_ref: String(kit.ids.users.get('CLIN-0001')),
      pet_ref: String(kit.ids.patients.get('PET-000001')),
      reason_ref: String(kit.ids.reasons.get('REASON-VACC')),
      starts_at: '2026-07-28T09:00:00.000Z',
      status: 'Completed',
    });

    expect(kit.standIn.control.violations).toEqual([]);
  });
});

describe('Provet Cloud: deltas by modification time', () => {
  it('reads only what changed since the last sweep: a desk booking, a move, a cancellation', async () => {
    const connection = kit.connect();
    const first = await readAll(connection, 'appointments');
    const clientsFirst = await readAll(connection, 'clients');
    kit.clock.advance(3_600_000);

    const department = kit.ids.departments.get('PRAC-0001')!;
    const booked = kit.standIn.control.deskBook({
      userId: kit.ids.users.get('CLIN-0001')!,
      departmentId: department,
      clientId: kit.ids.clients.get('CLI-000001')!,
      patientId: kit.ids.patients.get('PET-000001')!,
      reasonId: kit.ids.reasons.get('REASON-CONSULT')!,
      start: '2026-11-25T10:00:00Z',
      end: '2026-11-25T10:15:00Z',
    });
    const moved = kit.ids.appointments.get('APT-000002')!;
    kit.standIn.control.deskMove(moved, '2026-12-05T11:00:00Z', '2026-12-05T11:15:00Z');
    // A sweep re-reads what changed within a margin before it began (provet-read.ts): read well after.
    kit.clock.advance(10 * 60_000);

    const delta = await readAll(connection, 'appointments', first.cursor);
    expect(delta.records.map((r) => r.ref).sort()).toEqual([String(booked.id), String(moved)].sort());
    expect(bodyOf(delta.records, moved)).toMatchObject({
      starts_at: '2026-12-05T11:00:00.000Z',
      status: 'Booked',
    });

    kit.clock.advance(3_600_000);
    kit.standIn.control.deskCancel(booked.id);
    kit.clock.advance(10 * 60_000);
    const next = await readAll(connection, 'appointments', delta.cursor);
    expect(next.records).toEqual([
      { ref: String(booked.id), body: expect.objectContaining({ status: 'Cancelled' }) as unknown },
    ]);

    const clientsDelta = await readAll(connection, 'clients', clientsFirst.cursor);
    expect(clientsDelta.records).toEqual([]);
    expect(kit.standIn.control.violations).toEqual([]);
  });

  it('reports an archived client and patient as deleted, and a changed one as a record', async () => {
    const connection = kit.connect();
    const clients = await readAll(connection, 'clients');
    const pets = await readAll(connection, 'pets');
    kit.clock.advance(3_600_000);
    kit.standIn.control.archive('client', kit.ids.clients.get('CLI-000002')!);
    kit.standIn.control.archive('patient', kit.ids.patients.get('PET-000002')!);
    kit.standIn.store.update('patient', kit.ids.patients.get('PET-000001')!, { breed: 'Griffon Nivernais' });

    const clientsDelta = await readAll(connection, 'clients', clients.cursor);
    expect(clientsDelta).toMatchObject({ records: [], deleted: [String(kit.ids.clients.get('CLI-000002'))] });
    const petsDelta = await readAll(connection, 'pets', pets.cursor);
    expect(petsDelta.deleted).toEqual([String(kit.ids.patients.get('PET-000002'))]);
    // An unknown breed goes on by name: the layer's list matcher reports it.
    expect(petsDelta.records).toEqual([
      {
        ref: String(kit.ids.patients.get('PET-000001')),
        body: expect.objectContaining({ breed: 'Griffon Nivernais' }) as unknown,
      },
    ]);
  });

  it('sends a clinician no longer rostered here once more, with no rota', async () => {
    const connection = kit.connect();
    const first = await readAll(connection, 'clinicians');
    const helen = kit.ids.users.get('CLIN-0001')!;
    for (const shift of kit.standIn.store.list('shift')) {
      if (shift.user === kit.standIn.store.url('user', helen))
        kit.standIn.control.deleteRecord('shift', shift.id);
    }
    kit.clock.advance(15 * 60_000);
    const second = await readAll(connection, 'clinicians', first.cursor);
    expect(bodyOf(second.records, helen)).toMatchObject({ rota_shifts: [] });
    kit.clock.advance(15 * 60_000);
    const third = await readAll(connection, 'clinicians', second.cursor);
    expect(bodyOf(third.records, helen)).toBeUndefined();
  });

  it('reads the rota whole again only once its refresh is due or the day has changed', async () => {
    const connection = kit.connect({ rotaRefreshMinutes: 15 });
    const shiftReads = () => kit.standIn.control.requestsTo('GET shift/');
    const first = await readAll(connection, 'clinicians');
    const afterFirst = shiftReads();
    expect(afterFirst).toBeGreaterThan(0);
    // Within the refresh: no request at all, and nothing to apply.
    kit.clock.advance(14 * 60_000);
    const quiet = await readAll(connection, 'clinicians', first.cursor);
    expect(quiet.records).toEqual([]);
    expect(shiftReads()).toBe(afterFirst);
    expect(kit.standIn.control.requestsTo('GET user/')).toBe(1);
    // Due: read whole again, every rostered clinician with their rota.
    kit.clock.advance(60_000);
    const due = await readAll(connection, 'clinicians', quiet.cursor);
    expect(shiftReads()).toBeGreaterThan(afterFirst);
    expect(due.records.map((r) => r.ref).sort()).toEqual(first.records.map((r) => r.ref).sort());
    // The next day, sooner than the refresh: the rota's window has moved, so it is read again.
    const readsBefore = shiftReads();
    const midnight = Date.parse('2026-11-24T00:00:00Z');
    kit.clock.time = midnight - 60_000;
    const lateEvening = await readAll(connection, 'clinicians', due.cursor);
    const atMidnight = shiftReads();
    kit.clock.advance(2 * 60_000);
    await readAll(connection, 'clinicians', lateEvening.cursor);
    expect(atMidnight).toBeGreaterThan(readsBefore);
    expect(shiftReads()).toBeGreaterThan(atMidnight);
  });
});

describe("Provet Cloud: the clinicians' own closures", () => {
  it('reads an internal booking as a closure, and its cancellation as the closure deleted', async () => {
    const connection = kit.connect();
    const first = await readAll(connection, 'closures');
    kit.clock.advance(3_600_000);
    const meeting = kit.standIn.control.deskInternal({
      userId: kit.ids.users.get('CLIN-0002')!,
      departmentId: kit.ids.departments.get('PRAC-0001')!,
      start: '2026-11-26T12:00:00Z',
      end: '2026-11-26T13:00:00Z',
      title: 'Staff training',
    });
    kit.clock.advance(10 * 60_000);
    const delta = await readAll(connection, 'closures', first.cursor);
    expect(delta.records).toMatchObject([
      {
        ref: String(meeting.id),
        body: { clinician_ref: String(kit.ids.users.get('CLIN-0002')), reason: 'Staff training' },
      },
    ]);
    // Not an appointment of a client: the appointments kind leaves it out.
    const appointments = await readAll(connection, 'appointments');
    expect(appointments.records.map((r) => r.ref)).not.toContain(String(meeting.id));

    kit.clock.advance(3_600_000);
    kit.standIn.control.deskCancel(meeting.id);
    kit.clock.advance(10 * 60_000);
    const cancelled = await readAll(connection, 'closures', delta.cursor);
    expect(cancelled).toMatchObject({ records: [], deleted: [String(meeting.id)] });
  });
});

describe("Provet Cloud: clients' home practices", () => {
  it("names a client's home department's practice when it is mapped, else this connection's", async () => {
    const second = String(kit.ids.departments.get('PRAC-0002'));
    const connection = kit.connect({ practiceRefsByDepartment: { [second]: 'PRAC-0002' } });
    const clients = await readAll(connection, 'clients');
    expect(bodyOf(clients.records, kit.ids.clients.get('CLI-000002'))).toMatchObject({
      practice_ref: 'PRAC-0002',
    });
    expect(bodyOf(clients.records, kit.ids.clients.get('CLI-000001'))).toMatchObject({
      practice_ref: 'PRAC-0001',
    });
    // CLI-000003's home is PRAC-0005's department, which this connection was not given.
    expect(bodyOf(clients.records, kit.ids.clients.get('CLI-000003'))).toMatchObject({
      practice_ref: 'PRAC-0001',
    });
  });
});
