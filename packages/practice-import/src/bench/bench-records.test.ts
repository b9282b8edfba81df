import { parseTime, practiceInstant, practiceWallTime } from '@vet/contracts/practice-clock';
import { ukMobileNumber, ukPhoneNumber, ukPostcode } from '@vet/contracts/uk-contact-details';
import { INSURER_NAMES, PET_KINDS, SALUTATION_NAMES } from '@vet/db/seed/data/reference-names';
import { describe, expect, it } from 'vitest';
import {
  appointmentRows,
  clientRows,
  clinicianRows,
  closureRows,
  openingHoursRows,
  petRows,
  practiceRows,
  rotaShiftRows,
  unknownLabelCounts,
  vaccinationRows,
  type BenchPlan,
} from './bench-records.ts';
import { UNKNOWN_LABELS } from './bench-pets.ts';
import { benchCounts, benchShape } from './bench-shape.ts';

// One practice: 20 clinicians, 2,000 clients, 3,000 pets, 20,000 appointments, 6,000 vaccinations.
const plan: BenchPlan = { shape: benchShape(0.002), seed: 7, anchorMonday: '2026-03-23' };
const counts = benchCounts(plan.shape);
const practices = [...practiceRows(plan)];
const clinicians = [...clinicianRows(plan)];
const shifts = [...rotaShiftRows(plan)];
const clients = [...clientRows(plan)];
const pets = [...petRows(plan)];
const appointments = [...appointmentRows(plan)];
const vaccinations = [...vaccinationRows(plan)];
const anchor = practiceInstant(plan.anchorMonday, '00:00');
const anchorWeekEnds = practiceInstant('2026-03-30', '00:00');

const unique = (values: string[]) => new Set(values).size === values.length;

describe("the benchmark's export", () => {
  it('has the shape the scale asks for, every reference unique', () => {
    expect(practices).toHaveLength(counts.practices);
    expect(clinicians).toHaveLength(counts.clinicians);
    expect(clients).toHaveLength(counts.clients);
    expect(pets).toHaveLength(counts.pets);
    expect(appointments).toHaveLength(counts.appointments);
    expect(vaccinations).toHaveLength(counts.vaccinations);
    expect(counts).toMatchObject({ clients: 2_000, pets: 3_000, appointments: 20_000, vaccinations: 6_000 });
    expect(benchCounts(benchShape(1))).toMatchObject({
      practices: 500,
      clinicians: 10_000,
      clients: 1_000_000,
      pets: 1_500_000,
      appointments: 10_000_000,
      vaccinations: 3_000_000,
    });
    expect(unique(clients.map((c) => c.client_ref)) && unique(pets.map((p) => p.pet_ref))).toBe(true);
    expect(unique(appointments.map((a) => a.appointment_ref))).toBe(true);
    expect(unique(vaccinations.map((v) => v.vaccination_ref))).toBe(true);
  });

  it('is the same every time for the same seed, and another for another seed', () => {
    expect([...clientRows(plan)].slice(0, 50)).toEqual(clients.slice(0, 50));
    expect([...appointmentRows(plan)].slice(-50)).toEqual(appointments.slice(-50));
    expect([...clientRows({ ...plan, seed: 8 })].slice(0, 50)).not.toEqual(clients.slice(0, 50));
  });

  it("holds postcodes and phones the portal's forms accept, and names from its lists", () => {
    for (const row of [...practices, ...clients]) {
      expect(ukPostcode(row.postcode), row.postcode).not.toBeNull();
    }
    for (const practice of practices) expect(ukPhoneNumber(practice.phone), practice.phone).not.toBeNull();
    for (const client of clients) {
      if (client.mobile_phone)
        expect(ukMobileNumber(client.mobile_phone), client.mobile_phone).not.toBeNull();
      if (client.home_phone) expect(ukPhoneNumber(client.home_phone), client.home_phone).not.toBeNull();
      if (client.salutation) expect(SALUTATION_NAMES).toContain(client.salutation);
    }
    for (const pet of pets) {
      const species = PET_KINDS.find((s) => s.name === pet.species);
      expect(species, pet.species).toBeDefined();
      const breed = species?.breeds.find(([name]) => name === pet.breed);
      if (pet.breed) expect(breed?.[1] ?? [], pet.breed).toContain(pet.colour);
      else if (pet.colour) expect(species?.colours).toContain(pet.colour);
      if (pet.insurer) expect(INSURER_NAMES).toContain(pet.insurer);
      expect(pet.date_of_birth < plan.anchorMonday).toBe(true);
    }
  });

  it('books each clinician, and each pet, at most once at a time, inside the rota and its opening hours', () => {
    const shiftsOf = new Map<string, typeof shifts>();
    for (const s of shifts) shiftsOf.set(s.clinician_ref, [...(shiftsOf.get(s.clinician_ref) ?? []), s]);
    const opening = new Map([...openingHoursRows(plan)].map((h) => [Number(h.day_of_week), h]));
    const busy = new Map<string, [number, number][]>();
    const overlapsAny = (key: string, from: number, to: number) => {
      const taken = busy.get(key) ?? [];
      const clash = taken.some(([a, b]) => from < b && a < to);
      busy.set(key, [...taken, [from, to]]);
      return clash;
    };
    for (const a of appointments) {
      const [starts, ends] = [new Date(a.starts_at), new Date(a.ends_at)];
      expect(ends > starts).toBe(true);
      expect(overlapsAny(a.clinician_ref, starts.getTime(), ends.getTime()), a.appointment_ref).toBe(false);
      expect(overlapsAny(a.pet_ref, starts.getTime(), ends.getTime()), a.appointment_ref).toBe(false);
      const wall = practiceWallTime(starts);
      const day = ((wall.weekday + 6) % 7) + 1;
      const from = wall.hour * 60 + wall.minute;
      const to = from + (ends.getTime() - starts.getTime()) / 60_000;
      const shift = shiftsOf.get(a.clinician_ref)?.find((s) => Number(s.day_of_week) === day);
      expect(shift, a.appointment_ref).toBeDefined();
      expect(from >= parseTime(shift!.starts) && to <= parseTime(shift!.ends), a.appointment_ref).toBe(true);
      const inBreak = shift!.breaks
        .split(';')
        .filter(Boolean)
        .some((b) => from < parseTime(b.slice(6)) && parseTime(b.slice(0, 5)) < to);
      expect(inBreak, a.appointment_ref).toBe(false);
      expect(from >= parseTime(opening.get(day)!.opens) && to <= parseTime(opening.get(day)!.closes)).toBe(
        true,
      );
    }
  });

  it('keeps history before the anchor week and a few weeks of bookings after it, clear of closures', () => {
    const statuses = new Map<string, number>();
    for (const a of appointments) {
      statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
      if (a.status === 'Booked')
        expect(new Date(a.starts_at) >= anchorWeekEnds, a.appointment_ref).toBe(true);
      else expect(new Date(a.ends_at) <= anchor, a.appointment_ref).toBe(true);
    }
    expect(statuses.get('Booked')).toBe(counts.clinicians * plan.shape.futurePerClinician);
    expect(statuses.get('Completed')! / counts.appointments).toBeGreaterThan(0.8);
    expect(statuses.get('Cancelled')).toBeGreaterThan(0);
    expect(statuses.get('NoShow')).toBeGreaterThan(0);
    const lastBooking = Math.max(...appointments.map((a) => new Date(a.ends_at).getTime()));
    for (const closure of closureRows(plan)) {
      expect(new Date(closure.starts_at).getTime()).toBeGreaterThan(lastBooking);
      expect(new Date(closure.ends_at) > new Date(closure.starts_at)).toBe(true);
    }
  });

  it("names only records of the export, each pet its client's and each client at its clinician's practice", () => {
    const owner = new Map(pets.map((p) => [p.pet_ref, p.client_ref]));
    const home = new Map(clients.map((c) => [c.client_ref, c.practice_ref]));
    const practiceOf = new Map(clinicians.map((c) => [c.clinician_ref, c.practice_ref]));
    for (const a of appointments) {
      expect(owner.get(a.pet_ref)).toBe(a.client_ref);
      expect(home.get(a.client_ref)).toBe(a.practice_ref);
      expect(practiceOf.get(a.clinician_ref)).toBe(a.practice_ref);
    }
    const born = new Map(pets.map((p) => [p.pet_ref, p.date_of_birth]));
    for (const v of vaccinations) {
      expect(v.given_on > born.get(v.pet_ref)!).toBe(true);
      expect(v.given_on < plan.anchorMonday && v.due_on > v.given_on).toBe(true);
    }
  });
});

describe('the export with unknown labels', () => {
  const labelled: BenchPlan = { ...plan, unknownLabels: true };
  const labelledPets = [...petRows(labelled)];
  const changed = labelledPets.filter((pet, i) => JSON.stringify(pet) !== JSON.stringify(pets[i]));
  const known = new Set(
    [
      ...PET_KINDS.flatMap((s) => [s.name, ...s.colours, ...s.breeds.map(([breed]) => breed)]),
      ...INSURER_NAMES,
    ].map((name) => name.toLowerCase()),
  );
  const madeUp = [
    ...UNKNOWN_LABELS.species,
    ...Object.values(UNKNOWN_LABELS.breeds).flat(),
    ...Object.values(UNKNOWN_LABELS.colours).flat(),
    ...UNKNOWN_LABELS.insurers,
  ];

  it('gives about a tenth of the pets a breed and a colour the lists lack, from a handful that repeat', () => {
    expect(labelledPets).toHaveLength(pets.length);
    expect(changed.length / pets.length).toBeGreaterThan(0.08);
    expect(changed.length / pets.length).toBeLessThan(0.12);
    for (const label of madeUp) expect(known.has(label.toLowerCase()), label).toBe(false);
    for (const pet of changed) {
      expect(madeUp).toContain(pet.breed);
      expect(madeUp).toContain(pet.colour);
    }
    expect(new Set(changed.map((pet) => pet.breed)).size).toBeLessThanOrEqual(6);
    const species = changed.filter((pet) => !PET_KINDS.some((s) => s.name === pet.species));
    const insurers = changed.filter((pet) => pet.insurer && !INSURER_NAMES.includes(pet.insurer));
    expect(species.length).toBeGreaterThan(0);
    expect(insurers.length).toBeGreaterThan(0);
    expect(unknownLabelCounts(labelled)).toEqual({
      pets: changed.length,
      species: species.length,
      breed: changed.length,
      colour: changed.length,
      insurer: insurers.length,
    });
    expect(unknownLabelCounts(plan).pets).toBe(0);
  });

  it('changes nothing else: the same pets, owners, vaccinations and appointments', () => {
    const rest = ({ species: _s, breed: _b, colour: _c, insurer: _i, ...pet }: (typeof pets)[number]) => pet;
    expect(labelledPets.map(rest)).toEqual(pets.map(rest));
    expect([...vaccinationRows(labelled)]).toEqual(vaccinations);
    expect([...appointmentRows(labelled)]).toEqual(appointments);
    expect([...petRows(labelled)]).toEqual(labelledPets);
  });
});
