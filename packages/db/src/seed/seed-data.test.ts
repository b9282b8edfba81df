import { bookingLimits } from '@vet/contracts/booking-rules';
import { checkPassword } from '@vet/contracts/password-policy';
import { newPetsPerClientPerDay } from '@vet/contracts/pet-rules';
import { parseTime } from '@vet/contracts/practice-clock';
import { describe, expect, it } from 'vitest';
import { planAppointments } from './appointment-planner.ts';
import { planClosures } from './closures.ts';
import { ADDRESSES, homeAddress, STREETS } from './data/addresses.ts';
import { DEMO_CLIENTS } from './data/demo-clients.ts';
import { APPOINTMENT_REASONS } from './data/lookups.ts';
import { OTHER_CLIENTS } from './data/other-clients.ts';
import { DEMO_PRACTICES } from './data/practices.ts';
import { PET_KINDS } from './data/reference-names.ts';
import { listKey } from '../reference/list-key.ts';
import { readReferenceData } from '../reference/reference-files.ts';
import { DEMO_ACCOUNTS } from './demo-accounts.ts';
import { wantedAppointments } from './seed-appointments.ts';

const CLIENTS = [...DEMO_CLIENTS, ...OTHER_CLIENTS];

describe('demo data tables', () => {
  it('has demo passwords that meet R5.6, and distinct lower-case e-mails', () => {
    for (const account of DEMO_ACCOUNTS) expect(checkPassword(account.password).valid).toBe(true);
    const emails = DEMO_ACCOUNTS.map((a) => a.email);
    expect(new Set(emails).size).toBe(emails.length);
    expect(emails.every((e) => e === e.toLowerCase())).toBe(true);
    const linked = CLIENTS.filter((c) => c.identitySubject !== undefined).map((c) => c.identitySubject);
    expect(linked.sort()).toEqual(DEMO_ACCOUNTS.map((a) => a.id).sort());
  });

  it('draws on one species per code, 20+ common dog and cat breeds with their colours', () => {
    expect(new Set(PET_KINDS.map((s) => s.code)).size).toBe(9);
    for (const species of PET_KINDS) {
      expect(new Set(species.breeds.map(([b]) => b)).size).toBe(species.breeds.length);
      for (const [breed, colours] of species.breeds) {
        expect(
          colours.filter((c) => !species.colours.includes(c)),
          `${breed}`,
        ).toEqual([]);
        if (species.code === 'Canine' || species.code === 'Feline') {
          expect(colours.length, breed).toBeGreaterThanOrEqual(3);
        }
      }
    }
    const breedsOf = (name: string) => PET_KINDS.find((s) => s.name === name)?.breeds.map(([b]) => b) ?? [];
    expect(breedsOf('Dog').length).toBeGreaterThanOrEqual(20);
    expect(breedsOf('Cat').length).toBeGreaterThanOrEqual(20);
    expect(breedsOf('Dog')).toContain('Crossbreed');
    expect(breedsOf('Cat')).toContain('Domestic Shorthair');
  });

  it('has exactly one initial-consultation reason', () => {
    expect(APPOINTMENT_REASONS.filter((r) => r.isInitialConsultation)).toHaveLength(1);
  });

  it('has about a hundred addresses over eight postcodes', () => {
    expect(STREETS).toHaveLength(8);
    expect(ADDRESSES.length).toBeGreaterThanOrEqual(100);
  });

  it('staffs each online practice with 2–3 vets and 1–2 nurses working inside opening hours', () => {
    for (const practice of DEMO_PRACTICES) {
      const count = (type: string) => practice.clinicians.filter((c) => c.type === type).length;
      if (practice.isOnline) {
        expect(count('Vet'), practice.name).toBeGreaterThanOrEqual(2);
        expect(count('Vet'), practice.name).toBeLessThanOrEqual(3);
        expect(count('Nurse'), practice.name).toBeGreaterThanOrEqual(1);
        expect(count('Nurse'), practice.name).toBeLessThanOrEqual(2);
      }
      for (const clinician of practice.clinicians) {
        for (const shift of clinician.rota) {
          const hours = practice.openingHours.find((h) => h.day === shift.day);
          const where = `${practice.name} ${clinician.lastName} day ${shift.day}`;
          expect(
            practice.openingHours.map((h) => h.day),
            where,
          ).toContain(shift.day);
          expect(parseTime(shift.start), where).toBeGreaterThanOrEqual(parseTime(hours?.opens ?? '24:00'));
          expect(parseTime(shift.end), where).toBeLessThanOrEqual(parseTime(hours?.closes ?? '00:00'));
        }
      }
    }
  });

  it('names only known practices and addresses, and list values the reference lists match (decision 0096)', () => {
    const lists = readReferenceData();
    const practiceNames = DEMO_PRACTICES.map((p) => p.name);
    /** The entry of the list (of the species) that a name, synonym or code names, as the import matches. */
    const entry = (list: 'species' | 'breeds' | 'colours' | 'insurers', name: string, species?: string) =>
      lists[list].entries.find(
        (e) =>
          (species === undefined || e.species === species) && e.keys.some((k) => k.key === listKey(name)),
      );
    for (const client of CLIENTS) {
      expect(practiceNames).toContain(client.practice);
      expect(() => homeAddress(...client.home)).not.toThrow();
      expect(new Set(client.pets.map((p) => p.name)).size).toBe(client.pets.length);
      for (const pet of client.pets) {
        const species = entry('species', pet.species);
        expect(species, pet.name).toBeDefined();
        if (pet.breed !== null) expect(entry('breeds', pet.breed, species?.code), pet.name).toBeDefined();
        if (pet.colour !== null) expect(entry('colours', pet.colour, species?.code), pet.name).toBeDefined();
        if (pet.insurance) expect(entry('insurers', pet.insurance.insurer), pet.name).toBeDefined();
      }
    }
  });

  it('covers the matching cases: an ambiguous name and postcode, no e-mail, accented names', () => {
    const patels = OTHER_CLIENTS.filter((c) => c.lastName === 'Patel');
    expect(new Set(patels.map((c) => c.home[0])).size).toBe(1);
    expect(patels.length).toBeGreaterThanOrEqual(2);
    expect(OTHER_CLIENTS.some((c) => c.email === null)).toBe(true);
    expect(OTHER_CLIENTS.map((c) => c.lastName)).toEqual(expect.arrayContaining(['Brontë', "O'Connor"]));
  });

  // The seed must not fail on any day it is run: plan the real data at awkward moments of the year.
  it.each([
    '2026-01-01T00:00:00Z',
    '2026-03-28T23:30:00Z',
    '2026-03-29T01:30:00Z',
    '2026-04-03T12:00:00Z',
    '2026-05-23T18:00:00Z',
    '2026-08-29T21:00:00Z',
    '2026-10-24T23:59:00Z',
    '2026-12-24T17:00:00Z',
    '2027-02-28T06:00:00Z',
    '2028-02-29T12:00:00Z',
  ])('plans every demo appointment when now is %s', (iso) => {
    const now = new Date(iso);
    const wanted = wantedAppointments(CLIENTS);
    const closures = planClosures(DEMO_PRACTICES, now);
    const plan = planAppointments(
      wanted.map((w) => w.request),
      closures,
      now,
    );
    expect(plan).toHaveLength(wanted.length);
    for (const [i, slot] of plan.entries()) {
      const inFuture = (wanted[i]?.appointment.day ?? 0) > 0;
      expect(inFuture ? slot.startsAt > now : slot.endsAt <= now).toBe(true);
    }
  });

  it('keeps every client under the booking caps of decision 0057, so the demo can book as README says', () => {
    for (const client of CLIENTS) {
      const upcoming = client.pets.map(
        (pet) =>
          (pet.appointments ?? []).filter((a) => a.day >= 0 && a.cancelledBecause === undefined).length,
      );
      const total = upcoming.reduce((sum, n) => sum + n, 0);
      expect(total, client.lastName).toBeLessThan(bookingLimits.futureAppointmentsPerClient);
      client.pets.forEach((pet, i) => {
        const cap = pet.awaitingInitialConsultation
          ? bookingLimits.futureAppointmentsPerNewPet
          : bookingLimits.futureAppointmentsPerPet;
        // Room for one more: a pet awaiting its consultation has none booked yet (James books Luna's).
        expect(upcoming[i], `${client.lastName}: ${pet.name}`).toBeLessThan(cap);
      });
      const online = client.pets.filter((pet) => pet.registeredOnline).length;
      expect(online, client.lastName).toBeLessThan(newPetsPerClientPerDay);
    }
  });
});
