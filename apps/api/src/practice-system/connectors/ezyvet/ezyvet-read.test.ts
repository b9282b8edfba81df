import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readDemoFile } from './testing/ezyvet-demo-seed.ts';
import { startDemoSite, syncAll, syncKind, type DemoSite } from './testing/ezyvet-test-kit.ts';

let site: DemoSite;
beforeEach(async () => {
  site = await startDemoSite();
});
afterEach(async () => {
  // Every request the connection sent fitted ezyVet's documented request shapes.
  expect(site.standIn.violations).toEqual([]);
  await site.standIn.close();
});

const byRef = (records: { ref: string; body: unknown }[]) =>
  new Map(records.map((record) => [record.ref, record.body]));

describe('reading an ezyVet site', () => {
  it('first sync pages through every kind and maps the demo practice to the import’s columns', async () => {
    const { seed, standIn, connection } = site;
    const synced = await syncAll(connection);

    expect(synced.get('practices')!.records).toMatchObject([
      { ref: 'PRAC-0001', body: { name: 'Willowbrook Vets Clapham', time_zone: 'Europe/London' } },
    ]);
    expect(
      synced
        .get('clinicians')!
        .records.map((record) => record.ref)
        .sort(),
    ).toEqual([...seed.resources.values()].map(String).sort());
    expect(synced.get('appointment-reasons')!.records).toHaveLength(seed.types.size);
    expect(synced.get('clients')!.records).toHaveLength(seed.contacts.size);
    expect(synced.get('pets')!.records).toHaveLength(seed.animals.size);
    expect(synced.get('vaccinations')!.records).toHaveLength(seed.vaccinations.size);
    expect(synced.get('appointments')!.records).toHaveLength(seed.appointments.size);
    // Page size 5: the larger kinds took several pages of ezyVet's paging.
    expect(synced.get('vaccinations')!.pages).toBeGreaterThan(3);
    expect(standIn.count('GET /v1/vaccination')).toBeGreaterThan(3);

    const appointments = await readDemoFile('appointments.csv');
    const first = appointments.find((row) => row.appointment_ref === 'APT-000001')!;
    expect(
      byRef(synced.get('appointments')!.records).get(String(seed.appointments.get('APT-000001'))),
    ).toEqual({
      practice_ref: 'PRAC-0001',
      clinician_ref: String(seed.resources.get(first.clinician_ref!)),
      client_ref: String(seed.contacts.get(first.client_ref!)),
      pet_ref: String(seed.animals.get(first.pet_ref!)),
      reason_ref: String(seed.types.get(first.reason_ref!)),
      starts_at: first.starts_at,
      ends_at: first.ends_at,
      status: first.status,
      notes: null,
      notes_for_client: false,
    });
    expect(byRef(synced.get('pets')!.records).get(String(seed.animals.get('PET-000001')))).toMatchObject({
      name: 'Bramble',
      species: 'Dog',
      breed: 'Labrador Retriever',
      sex: 'Female',
      neutered: true,
      date_of_birth: '2020-09-23',
      status: 'Active',
    });
    expect(byRef(synced.get('clients')!.records).get(String(seed.contacts.get('CLI-000001')))).toMatchObject({
      first_name: 'Olivia',
      email: 'olivia.bennett@example.com',
      mobile_phone: '07700 100101',
    });
    const clinician = byRef(synced.get('clinicians')!.records).get(
      String(seed.resources.get('CLIN-0001')),
    ) as {
      rota_shifts: {
        day_of_week: number;
        starts: string;
        ends: string;
        valid_from: string;
        valid_to: string;
      }[];
    };
    // Monday 30 November: 08:30–13:00 and 14:00–18:30 (the lunch break cuts the planning guides).
    expect(clinician.rota_shifts.filter((shift) => shift.valid_from === '2026-11-30')).toEqual([
      { day_of_week: 1, starts: '08:30', ends: '13:00', valid_from: '2026-11-30', valid_to: '2026-11-30' },
      { day_of_week: 1, starts: '14:00', ends: '18:30', valid_from: '2026-11-30', valid_to: '2026-11-30' },
    ]);
  });

  it('a delta brings the desk’s bookings, moves and outcomes since the cursor, and nothing else', async () => {
    const { seed, standIn, connection, clock } = site;
    const first = await syncKind(connection, 'appointments', null);
    clock.advance(60_000);
    const booked = standIn.deskBook({
      resourceId: seed.resources.get('CLIN-0002')!,
      typeId: seed.types.get('REASON-VACC')!,
      animalId: seed.animals.get('PET-000002')!,
      startsAt: '2026-12-01T11:00:00+00:00',
    });
    const movedId = seed.appointments.get('APT-000002')!;
    standIn.moveAppointment(movedId, { startsAt: '2026-12-05T11:30:00+00:00' });
    const noShowId = seed.appointments.get('APT-000001')!;
    standIn.setStatus(noShowId, 'No Show');
    clock.advance(1_000);

    const delta = await syncKind(connection, 'appointments', first.cursor);
    const bodies = byRef(delta.records);
    expect([...bodies.keys()].sort()).toEqual([booked.id, movedId, noShowId].map(String).sort());
    expect(bodies.get(String(movedId))).toMatchObject({
      starts_at: '2026-12-05T11:30:00+00:00',
      status: 'Booked',
    });
    expect(bodies.get(String(noShowId))).toMatchObject({ status: 'NoShow' });

    clock.advance(60_000);
    expect((await syncKind(connection, 'appointments', delta.cursor)).records).toEqual([]);
  });

  it('reads the site from v3/siteInformation in the items envelope as in JSON:API', async () => {
    const { standIn, connection } = site;
    standIn.siteInformationShape = 'items';
    const page = await connection.read('practices', null);
    expect(page.records).toMatchObject([
      { ref: 'PRAC-0001', body: { name: 'Willowbrook Vets Clapham', time_zone: 'Europe/London' } },
    ]);
    // The same site in either shape is the same practice: nothing to apply when the shape alone changes.
    const other = await startDemoSite();
    try {
      const jsonApi = await other.connection.read('practices', null);
      expect(jsonApi.cursor).toBe(page.cursor);
    } finally {
      await other.standIn.close();
    }
  });

  it('reads an appointment’s duration as seconds, and reports one whose end cannot be right', async () => {
    const { seed, standIn, connection, clock } = site;
    const booking = {
      resourceId: seed.resources.get('CLIN-0001')!,
      typeId: seed.types.get('REASON-VACC')!,
      animalId: seed.animals.get('PET-000002')!,
    };
    const quarter = standIn.deskBook({ ...booking, startsAt: '2026-12-04T09:00:00+00:00', minutes: 15 });
    // As a site would hold it had ezyVet counted minutes: 15, which read as seconds would be 15 s.
    const doubtful = standIn.deskBook({ ...booking, startsAt: '2026-12-04T11:00:00+00:00' });
    standIn.db.update('appointment', doubtful.id, { duration: 15 });
    clock.advance(1_000); // a read window ends the second before the vendor's clock
    const appointments = await syncKind(connection, 'appointments', null);
    expect(byRef(appointments.records).get(String(quarter.id))).toMatchObject({
      starts_at: '2026-12-04T09:00:00+00:00',
      ends_at: '2026-12-04T09:15:00+00:00',
    });
    expect(byRef(appointments.records).has(String(doubtful.id))).toBe(false);
    expect(appointments.refused).toEqual([
      {
        ref: String(doubtful.id),
        reasons: [{ path: 'duration', message: 'under 5 minutes read as seconds: its unit is in doubt' }],
      },
    ]);
  });

  it('reports a record deleted in ezyVet (made inactive) as deleted', async () => {
    const { seed, standIn, connection, clock } = site;
    const first = await syncKind(connection, 'pets', null);
    clock.advance(60_000);
    const animalId = seed.animals.get('PET-000002')!;
    standIn.deleteRecord('animal', animalId);
    clock.advance(1_000);
    const delta = await syncKind(connection, 'pets', first.cursor);
    expect(delta).toMatchObject({ records: [], deleted: [String(animalId)] });
  });

  it('passes on a breed and an appointment type the portal may not know, by ezyVet’s names and ids', async () => {
    const { seed, standIn, connection, clock } = site;
    const pets = await syncKind(connection, 'pets', null);
    const reasons = await syncKind(connection, 'appointment-reasons', null);
    const dog = standIn.db.tables.species.find((row) => row.name === 'Dog')!;
    const breed = standIn.db.insert('breed', { name: 'Kooiker X', species_id: dog.id });
    standIn.db.update('animal', seed.animals.get('PET-000001')!, { breed_id: breed.id });
    standIn.db.insert('appointmenttype', { uid: 'type_new', name: 'Hydrotherapy', default_duration: 45 });
    clock.advance(1_000);
    // The ids go beside the body, as the codes kept with a name no list entry matches (decision 0131).
    expect((await syncKind(connection, 'pets', pets.cursor)).records).toMatchObject([
      {
        body: { breed: 'Kooiker X', species: 'Dog' },
        codes: { breed: String(breed.id), species: String(dog.id) },
      },
    ]);
    expect((await syncKind(connection, 'appointment-reasons', reasons.cursor)).records).toMatchObject([
      { body: { name: 'Hydrotherapy', duration_minutes: 45, clinician_type: 'Vet' } },
    ]);
  });

  it('skips nothing that changes while a window is read, page by page', async () => {
    const { seed, standIn, connection, clock } = site;
    const firstPage = await connection.read('appointments', null);
    expect(firstPage.more).toBe(true);
    // While the layer applies page one, the desk books and moves an appointment of page one.
    const early = Number(firstPage.records[0]!.ref);
    standIn.moveAppointment(early, { startsAt: '2026-12-07T09:00:00+00:00' });
    const booked = standIn.deskBook({
      resourceId: seed.resources.get('CLIN-0001')!,
      typeId: seed.types.get('REASON-CONSULT')!,
      animalId: seed.animals.get('PET-000001')!,
      startsAt: '2026-12-08T09:00:00+00:00',
    });
    const rest = await syncKind(connection, 'appointments', firstPage.cursor);
    clock.advance(60_000);
    const next = await syncKind(connection, 'appointments', rest.cursor);
    const seen = new Set(
      [...firstPage.records, ...rest.records, ...next.records].map((record) => record.ref),
    );
    expect(seen.size).toBe(seed.appointments.size + 1);
    expect(next.records.map((record) => record.ref)).toEqual(
      expect.arrayContaining([String(early), String(booked.id)]),
    );
  });

  it('reads a clinician again when its planning guides change, and a client when its details change', async () => {
    const { seed, standIn, connection, clock } = site;
    const clinicians = await syncKind(connection, 'clinicians', null);
    const clients = await syncKind(connection, 'clients', null);
    clock.advance(60_000);
    const resourceId = seed.resources.get('CLIN-0002')!;
    standIn.db.insert('planningguide', {
      resource_id: resourceId,
      start_at: Date.parse('2026-12-12T09:00:00Z') / 1000,
      end_at: Date.parse('2026-12-12T12:00:00Z') / 1000,
      appointment_type_id: null,
    });
    const contactId = seed.contacts.get('CLI-000001')!;
    standIn.db.insert('contactdetail', {
      contact_id: contactId,
      contact_detail_type_id: standIn.db.detailTypeId('Phone'),
      value: '020 7946 0999',
    });
    clock.advance(1_000);

    const changedClinicians = await syncKind(connection, 'clinicians', clinicians.cursor);
    expect(changedClinicians.records.map((record) => record.ref)).toEqual([String(resourceId)]);
    expect((changedClinicians.records[0]!.body as { rota_shifts: unknown[] }).rota_shifts).toContainEqual({
      day_of_week: 6,
      starts: '09:00',
      ends: '12:00',
      valid_from: '2026-12-12',
      valid_to: '2026-12-12',
    });
    const changedClients = await syncKind(connection, 'clients', clients.cursor);
    expect(changedClients.records).toMatchObject([
      { ref: String(contactId), body: { home_phone: '020 7946 0999' } },
    ]);
  });
});
