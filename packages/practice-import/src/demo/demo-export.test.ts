import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { practiceInstant } from '@vet/contracts/practice-clock';
import { ukMobileNumber, ukPhoneNumber, ukPostcode } from '@vet/contracts/uk-contact-details';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { DEMO_ANCHOR_MONDAY, demoExportTables } from './demo-export.ts';
import { EXPORT_COLUMNS, EXPORT_FILES } from './export-files.ts';
import { DEMO_GROUP_DIRECTORY, renderDemoExport } from './write-demo-export.ts';

const tables = demoExportTables();
const refsOf = <T>(rows: readonly T[], column: keyof T) => rows.map((row) => row[column] as string);

describe('the committed demo export', () => {
  it('is exactly what `npm run demo:export` writes from the seed today', () => {
    expect(readdirSync(DEMO_GROUP_DIRECTORY).sort()).toEqual([...EXPORT_FILES].sort());
    for (const [file, text] of renderDemoExport()) {
      expect(readFileSync(join(DEMO_GROUP_DIRECTORY, file), 'utf8'), `${file}: run npm run demo:export`).toBe(
        text,
      );
    }
  });

  it("has each file's columns in the design's order", () => {
    for (const [file, text] of renderDemoExport()) {
      const [header] = parse(text);
      expect(header, file).toEqual(EXPORT_COLUMNS[file]);
    }
  });
});

describe('the demo export', () => {
  it('gives every record a reference unique within its kind', () => {
    const unique = (refs: string[]) => expect(new Set(refs).size).toBe(refs.length);
    unique(refsOf(tables['practices.csv'], 'practice_ref'));
    unique(refsOf(tables['clinicians.csv'], 'clinician_ref'));
    unique(refsOf(tables['closures.csv'], 'closure_ref'));
    unique(refsOf(tables['appointment_reasons.csv'], 'reason_ref'));
    unique(refsOf(tables['clients.csv'], 'client_ref'));
    unique(refsOf(tables['pets.csv'], 'pet_ref'));
    unique(refsOf(tables['appointments.csv'], 'appointment_ref'));
    unique(refsOf(tables['vaccinations.csv'], 'vaccination_ref'));
  });

  it('names only records the export holds', () => {
    const known = (rows: readonly Record<string, string>[], column: string) =>
      new Set(rows.map((row) => row[column]));
    const practices = known(tables['practices.csv'], 'practice_ref');
    const clinicians = known(tables['clinicians.csv'], 'clinician_ref');
    const clients = known(tables['clients.csv'], 'client_ref');
    const pets = known(tables['pets.csv'], 'pet_ref');
    const reasons = known(tables['appointment_reasons.csv'], 'reason_ref');
    const petOwner = new Map(tables['pets.csv'].map((p) => [p.pet_ref, p.client_ref]));
    for (const a of tables['appointments.csv']) {
      expect(practices.has(a.practice_ref) && clinicians.has(a.clinician_ref), a.appointment_ref).toBe(true);
      expect(clients.has(a.client_ref) && reasons.has(a.reason_ref), a.appointment_ref).toBe(true);
      expect(petOwner.get(a.pet_ref), a.appointment_ref).toBe(a.client_ref);
    }
    for (const row of tables['clients.csv']) expect(practices.has(row.practice_ref)).toBe(true);
    for (const row of tables['pets.csv']) expect(clients.has(row.client_ref)).toBe(true);
    for (const row of tables['vaccinations.csv']) expect(pets.has(row.pet_ref)).toBe(true);
    for (const row of tables['closures.csv']) {
      expect(practices.has(row.practice_ref)).toBe(true);
      if (row.clinician_ref) expect(clinicians.has(row.clinician_ref)).toBe(true);
    }
  });

  it("holds only postcodes and phones the portal's forms accept, as the import checks them", () => {
    for (const practice of tables['practices.csv']) {
      expect(ukPostcode(practice.postcode), practice.name).not.toBeNull();
      expect(ukPhoneNumber(practice.phone), practice.name).not.toBeNull();
    }
    for (const client of tables['clients.csv']) {
      expect(ukPostcode(client.postcode), client.client_ref).not.toBeNull();
      if (client.mobile_phone) expect(ukMobileNumber(client.mobile_phone), client.client_ref).not.toBeNull();
      if (client.home_phone) expect(ukPhoneNumber(client.home_phone), client.client_ref).not.toBeNull();
    }
  });

  it('leaves the anchor week free: history before it, bookings after it', () => {
    const weekStarts = practiceInstant(DEMO_ANCHOR_MONDAY, '00:00');
    const weekEnds = new Date(weekStarts.getTime() + 7 * 86_400_000);
    for (const a of tables['appointments.csv']) {
      if (a.status === 'Completed') expect(new Date(a.ends_at) <= weekStarts, a.appointment_ref).toBe(true);
      else expect(new Date(a.starts_at) >= weekEnds, a.appointment_ref).toBe(true);
    }
    const statuses = new Set(tables['appointments.csv'].map((a) => a.status));
    expect([...statuses].sort()).toEqual(['Booked', 'Cancelled', 'Completed']);
  });

  it('gives the vaccinated species plausible vaccinations: given before due, never before birth or after the anchor', () => {
    const born = new Map(tables['pets.csv'].map((p) => [p.pet_ref, p.date_of_birth]));
    const vaccinated = new Set(tables['vaccinations.csv'].map((v) => v.pet_ref));
    for (const pet of tables['pets.csv']) {
      if (['Dog', 'Cat', 'Rabbit'].includes(pet.species))
        expect(vaccinated.has(pet.pet_ref), pet.name).toBe(true);
    }
    for (const v of tables['vaccinations.csv']) {
      expect(v.given_on > (born.get(v.pet_ref) ?? ''), v.vaccination_ref).toBe(true);
      expect(v.given_on < DEMO_ANCHOR_MONDAY && v.due_on > v.given_on, v.vaccination_ref).toBe(true);
    }
  });
});
