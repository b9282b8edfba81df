import { createReadStream } from 'node:fs';
import { addDays, isoDayOfWeek, practiceInstant } from '@vet/contracts/practice-clock';
import { readCsv } from '@vet/practice-import/engine/read-csv';
import type { EzyvetStandIn } from './ezyvet-stand-in.ts';

/** The demo group's export (packages/practice-import/demo-group), as a practice system wrote it. */
const demoGroup = new URL('../../../../../../../packages/practice-import/demo-group/', import.meta.url);

type Row = Record<string, string>;

/** One demo file's rows by column name, read with the import's own CSV reader. */
export async function readDemoFile(file: string): Promise<Row[]> {
  const rows: Row[] = [];
  let header: string[] | null = null;
  for await (const batch of readCsv(() => createReadStream(new URL(file, demoGroup)))) {
    for (const { cells } of batch) {
      if (!header) header = cells;
      else rows.push(Object.fromEntries(header.map((column, index) => [column, cells[index] ?? ''])));
    }
  }
  return rows;
}

/** The ezyVet ids the seed gave each demo reference (the demo refs stay recoverable from these). */
export interface DemoSeed {
  practiceRef: string;
  resources: Map<string, number>;
  types: Map<string, number>;
  contacts: Map<string, number>;
  animals: Map<string, number>;
  appointments: Map<string, number>;
  vaccinations: Map<string, number>;
}

const epoch = (instant: string) => Date.parse(instant) / 1000;
const statusNames = {
  Booked: 'Confirmed',
  Completed: 'Complete',
  NoShow: 'No Show',
  Cancelled: 'Cancelled',
} as const;

/**
 * Loads one demo practice into the stand-in as ezyVet would hold it: the practice as the site, its
 * clinicians as resources with their rota as dated planning guides from `from` for `days` days (breaks
 * cut a shift into windows), the group's reasons as appointment types, its clients as contacts with their
 * details, their pets as animals (species and breeds as the export names them), vaccinations and the
 * practice's appointments. Contacts and animals keep the demo reference as their code.
 */
export async function seedDemoPractice(
  standIn: EzyvetStandIn,
  options: { practiceRef?: string; from: string; days?: number },
): Promise<DemoSeed> {
  const practiceRef = options.practiceRef ?? 'PRAC-0001';
  const { db } = standIn;
  const seed: DemoSeed = {
    practiceRef,
    resources: new Map(),
    types: new Map(),
    contacts: new Map(),
    animals: new Map(),
    appointments: new Map(),
    vaccinations: new Map(),
  };
  const practice = (await readDemoFile('practices.csv')).find((row) => row.practice_ref === practiceRef);
  if (!practice) throw new Error(`No demo practice ${practiceRef}`);
  Object.assign(db.site, {
    name: practice.name,
    timezone: practice.time_zone || 'Europe/London',
    address_line1: practice.address_line1,
    town: practice.town,
    postcode: practice.postcode,
    phone: practice.phone,
  });

  for (const row of (await readDemoFile('clinicians.csv')).filter(
    (row) => row.practice_ref === practiceRef,
  )) {
    const type = row.clinician_type === 'Nurse' ? 'Nurse' : 'Vet';
    const resource = db.insert('resource', {
      uid: db.nextUid('resource'),
      name: `${row.first_name} ${row.last_name}`,
      type,
    });
    if (row.active === 'false') resource.active = false;
    seed.resources.set(row.clinician_ref!, resource.id);
  }
  for (const row of await readDemoFile('rota_shifts.csv')) {
    const resourceId = seed.resources.get(row.clinician_ref!);
    if (resourceId === undefined) continue;
    for (let offset = 0; offset < (options.days ?? 14); offset += 1) {
      const date = addDays(options.from, offset);
      if (isoDayOfWeek(date) !== Number(row.day_of_week)) continue;
      if ((row.valid_from && date < row.valid_from) || (row.valid_to && date > row.valid_to)) continue;
      const cuts = (row.breaks ?? '')
        .split(';')
        .filter(Boolean)
        .flatMap((range) => range.split('-'));
      const bounds = [row.starts!, ...cuts, row.ends!];
      for (let index = 0; index < bounds.length; index += 2) {
        db.insert('planningguide', {
          resource_id: resourceId,
          start_at: practiceInstant(date, bounds[index]!).getTime() / 1000,
          end_at: practiceInstant(date, bounds[index + 1]!).getTime() / 1000,
          appointment_type_id: null,
        });
      }
    }
  }
  for (const row of await readDemoFile('appointment_reasons.csv')) {
    const type = db.insert('appointmenttype', {
      uid: db.nextUid('type'),
      name: row.name!,
      default_duration: Number(row.duration_minutes),
    });
    seed.types.set(row.reason_ref!, type.id);
  }

  for (const row of (await readDemoFile('clients.csv')).filter((row) => row.practice_ref === practiceRef)) {
    const contact = db.insert('contact', {
      uid: db.nextUid('contact'),
      code: row.client_ref!,
      first_name: row.first_name!,
      last_name: row.last_name!,
    });
    seed.contacts.set(row.client_ref!, contact.id);
    const details = [
      ['Email', row.email],
      ['Mobile', row.mobile_phone],
      ['Phone', row.home_phone],
    ] as const;
    for (const [type, value] of details) {
      if (value)
        db.insert('contactdetail', {
          contact_id: contact.id,
          contact_detail_type_id: db.detailTypeId(type),
          value,
        });
    }
  }
  const idOf = (table: 'species' | 'sex', name: string) =>
    (db.tables[table].find((row) => row.name === name) ?? db.insert(table, { name })).id;
  for (const row of await readDemoFile('pets.csv')) {
    const contactId = seed.contacts.get(row.client_ref!);
    if (contactId === undefined) continue;
    const speciesId = idOf('species', row.species!);
    const breed = row.breed
      ? (db.tables.breed.find((entry) => entry.name === row.breed && entry.species_id === speciesId) ??
        db.insert('breed', { name: row.breed, species_id: speciesId }))
      : null;
    const animal = db.insert('animal', {
      uid: db.nextUid('animal'),
      code: row.pet_ref!,
      name: row.name!,
      contact_id: contactId,
      species_id: speciesId,
      breed_id: breed?.id ?? null,
      sex_id: idOf('sex', row.sex || 'Unknown'),
      is_desexed: row.neutered === 'true',
      date_of_birth: row.date_of_birth || null,
      microchip_number: row.microchip || null,
      is_dead: row.status === 'Deceased',
    });
    seed.animals.set(row.pet_ref!, animal.id);
  }
  for (const row of await readDemoFile('vaccinations.csv')) {
    const animalId = seed.animals.get(row.pet_ref!);
    if (animalId === undefined) continue;
    const vaccination = db.insert('vaccination', {
      animal_id: animalId,
      name: row.vaccine!,
      date_given: row.given_on!,
      date_due: row.due_on || null,
    });
    seed.vaccinations.set(row.vaccination_ref!, vaccination.id);
  }
  for (const row of (await readDemoFile('appointments.csv')).filter(
    (row) => row.practice_ref === practiceRef,
  )) {
    const animalId = seed.animals.get(row.pet_ref!);
    const resourceId = seed.resources.get(row.clinician_ref!);
    const typeId = seed.types.get(row.reason_ref!);
    if (animalId === undefined || resourceId === undefined || typeId === undefined) continue;
    const appointment = db.insert('appointment', {
      uid: db.nextUid('appointment'),
      start_at: epoch(row.starts_at!),
      duration: epoch(row.ends_at!) - epoch(row.starts_at!),
      type_id: typeId,
      status_id: db.statusId(statusNames[row.status as keyof typeof statusNames] ?? 'Confirmed'),
      animal_id: animalId,
      contact_id: seed.contacts.get(row.client_ref!)!,
      resources: [{ id: resourceId }],
      description: row.notes ?? '',
    });
    seed.appointments.set(row.appointment_ref!, appointment.id);
  }
  return seed;
}
