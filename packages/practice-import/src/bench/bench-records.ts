import { APPOINTMENT_REASONS } from '@vet/db/seed/data/lookups';
import { reasonRef } from '../demo/demo-references.ts';
import { yesNo, type ExportRow } from '../demo/export-files.ts';
import { benchClient, benchClinicianName, benchPractice } from './bench-people.ts';
import {
  benchPet,
  benchPetDateOfBirth,
  benchPetSpecies,
  benchVaccinations,
  type UnknownLabel,
} from './bench-pets.ts';
import { below, pick } from './bench-random.ts';
import {
  appointmentCell,
  BENCH_OPENING_HOURS,
  benchClosure,
  benchRota,
  DayClock,
  weekCells,
} from './bench-schedule.ts';
import { benchCounts, benchRef, type BenchShape } from './bench-shape.ts';

/**
 * What every file's rows are made from: the shape, the PRNG's seed and the anchor week's Monday; with
 * `unknownLabels`, a tenth of the pets carry labels the portal's lists lack (benchPet).
 */
export interface BenchPlan {
  shape: BenchShape;
  seed: number;
  anchorMonday: string;
  unknownLabels?: boolean;
}

const APPOINTMENT = 5;

export function* practiceRows({ shape, seed }: BenchPlan): Generator<ExportRow<'practices.csv'>> {
  for (let p = 1; p <= shape.practices; p += 1) {
    const practice = benchPractice(seed, p);
    yield {
      practice_ref: benchRef.practice(p),
      name: practice.name,
      address_line1: practice.address.line1,
      address_line2: practice.address.line2,
      town: practice.address.town,
      county: practice.address.county,
      postcode: practice.address.postcode,
      phone: practice.phone,
      email: practice.email,
      owner_name: 'Bench Veterinary Group Ltd',
      vat_number: '',
      time_zone: 'Europe/London',
      listed_online: 'true',
      online_booking: 'true',
      online_pet_registration: 'true',
      slot_grid_minutes: '15',
      min_notice_minutes: '120',
      horizon_days: '56',
      cancellation_cutoff_minutes: '120',
    };
  }
}

/** Each practice's consultation price and one common service's (decision 0104), as a group sends them. */
export function* priceRows({ shape, anchorMonday }: BenchPlan): Generator<ExportRow<'prices.csv'>> {
  for (let p = 1; p <= shape.practices; p += 1) {
    const practice_ref = benchRef.practice(p);
    const common = { practice_ref, currency: 'GBP', band: '', effective_from: anchorMonday };
    yield {
      ...common,
      price_ref: `PRICE-${p}-1`,
      reason_ref: reasonRef('General consultation'),
      service: '',
      amount: '45.00',
      includes: 'A 15-minute examination and advice',
    };
    yield {
      ...common,
      price_ref: `PRICE-${p}-2`,
      reason_ref: '',
      service: 'Microchipping',
      amount: '25.00',
      includes: '',
    };
  }
}

export function* openingHoursRows({ shape }: BenchPlan): Generator<ExportRow<'opening_hours.csv'>> {
  for (let p = 1; p <= shape.practices; p += 1) {
    for (const hours of BENCH_OPENING_HOURS) {
      yield {
        practice_ref: benchRef.practice(p),
        day_of_week: String(hours.day),
        opens: hours.opens,
        closes: hours.closes,
      };
    }
  }
}

/** Clinician `c` (1-based) is number (c - 1) % per-practice of practice (c - 1) / per-practice + 1. */
const clinicianPlace = (shape: BenchShape, c: number) => ({
  practice: Math.floor((c - 1) / shape.cliniciansPerPractice) + 1,
  index: (c - 1) % shape.cliniciansPerPractice,
});

export function* clinicianRows({ shape, seed }: BenchPlan): Generator<ExportRow<'clinicians.csv'>> {
  for (let c = 1; c <= benchCounts(shape).clinicians; c += 1) {
    const place = clinicianPlace(shape, c);
    const name = benchClinicianName(seed, c);
    yield {
      clinician_ref: benchRef.clinician(c),
      practice_ref: benchRef.practice(place.practice),
      first_name: name.firstName,
      last_name: name.lastName,
      clinician_type: place.index < shape.vetsPerPractice ? 'Vet' : 'Nurse',
      active: 'true',
    };
  }
}

export function* rotaShiftRows({ shape }: BenchPlan): Generator<ExportRow<'rota_shifts.csv'>> {
  for (let c = 1; c <= benchCounts(shape).clinicians; c += 1) {
    for (const shift of benchRota(shape, clinicianPlace(shape, c).index)) {
      yield {
        clinician_ref: benchRef.clinician(c),
        day_of_week: String(shift.day),
        starts: shift.start,
        ends: shift.end,
        valid_from: '',
        valid_to: '',
        breaks: shift.breaks.map(([from, to]) => `${from}-${to}`).join(';'),
      };
    }
  }
}

export function* closureRows({ shape, anchorMonday }: BenchPlan): Generator<ExportRow<'closures.csv'>> {
  for (let i = 0; i < shape.closures; i += 1) {
    const closure = benchClosure(shape, anchorMonday, i);
    yield {
      closure_ref: benchRef.closure(i + 1),
      practice_ref: benchRef.practice(closure.practice + 1),
      clinician_ref:
        closure.clinicianInPractice === null
          ? ''
          : benchRef.clinician(
              closure.practice * shape.cliniciansPerPractice + closure.clinicianInPractice + 1,
            ),
      starts_at: closure.startsAt,
      ends_at: closure.endsAt,
      reason: closure.reason,
    };
  }
}

export function* clientRows({ shape, seed }: BenchPlan): Generator<ExportRow<'clients.csv'>> {
  for (let n = 1; n <= benchCounts(shape).clients; n += 1) {
    const client = benchClient(seed, n);
    yield {
      client_ref: benchRef.client(n),
      practice_ref: benchRef.practice(Math.floor((n - 1) / shape.clientsPerPractice) + 1),
      salutation: client.salutation,
      first_name: client.firstName,
      last_name: client.lastName,
      email: client.email,
      mobile_phone: client.mobilePhone,
      home_phone: client.homePhone,
      address_line1: client.address.line1,
      address_line2: client.address.line2,
      town: client.address.town,
      county: client.address.county,
      postcode: client.address.postcode,
      online_booking_allowed: yesNo(client.onlineBookingAllowed),
    };
  }
}

/** Client `n`'s pets (of `clients` clients): the first is numbered as the client; even clients have a second. */
export function petsOf(clients: number, client: number): number[] {
  return client % 2 === 0 ? [client, clients + client / 2] : [client];
}

export function* petRows({
  shape,
  seed,
  anchorMonday,
  unknownLabels,
}: BenchPlan): Generator<ExportRow<'pets.csv'>> {
  const { clients } = benchCounts(shape);
  for (let client = 1; client <= clients; client += 1) {
    for (const n of petsOf(clients, client)) {
      const pet = benchPet(seed, n, anchorMonday, { unknownLabels });
      yield {
        pet_ref: benchRef.pet(n),
        client_ref: benchRef.client(client),
        name: pet.name,
        species: pet.speciesLabel,
        breed: pet.breed,
        colour: pet.colour,
        sex: pet.sex,
        neutered: yesNo(pet.neutered),
        date_of_birth: pet.dateOfBirth,
        microchip: pet.microchip,
        insurer: pet.insurer,
        policy_number: pet.policyNumber,
        status: 'Active',
        awaiting_initial_consultation: 'false',
      };
    }
  }
}

/** How many pets of the plan's export carry unknown labels: any of them, and each label. */
export function unknownLabelCounts({
  shape,
  seed,
  anchorMonday,
  unknownLabels,
}: BenchPlan): { pets: number } & Record<UnknownLabel, number> {
  const counted = { pets: 0, species: 0, breed: 0, colour: 0, insurer: 0 };
  if (!unknownLabels) return counted;
  for (let n = 1; n <= benchCounts(shape).pets; n += 1) {
    const labels = benchPet(seed, n, anchorMonday, { unknownLabels }).unknownLabels;
    if (labels.length > 0) counted.pets += 1;
    for (const label of labels) counted[label] += 1;
  }
  return counted;
}

export function* vaccinationRows({
  shape,
  seed,
  anchorMonday,
}: BenchPlan): Generator<ExportRow<'vaccinations.csv'>> {
  let ref = 0;
  for (let n = 1; n <= benchCounts(shape).pets; n += 1) {
    const pet = {
      species: benchPetSpecies(seed, n),
      dateOfBirth: benchPetDateOfBirth(seed, n, anchorMonday),
    };
    for (const v of benchVaccinations(pet, n, anchorMonday)) {
      yield {
        vaccination_ref: benchRef.vaccination((ref += 1)),
        pet_ref: benchRef.pet(n),
        vaccine: v.vaccine,
        given_on: v.givenOn,
        due_on: v.dueOn,
      };
    }
  }
}

const VET_REASONS = APPOINTMENT_REASONS.filter(
  (r) => r.clinicianType === 'Vet' && !r.isInitialConsultation && r.species === undefined,
);
const NURSE_REASONS = APPOINTMENT_REASONS.filter(
  (r) => r.clinicianType === 'Nurse' && r.species === undefined,
);
const RABBIT_CHECK = APPOINTMENT_REASONS.find((r) => r.species?.includes('Rabbit'));

/**
 * Each clinician's appointments (bench-schedule.ts places them, never two in one cell). A practice's
 * client k is always seen by its clinician k mod clinicians, so a client's (and a pet's) appointments are
 * one clinician's and never overlap either. History is 90 % Completed, 5 % NoShow and 5 % Cancelled.
 */
export function* appointmentRows({
  shape,
  seed,
  anchorMonday,
}: BenchPlan): Generator<ExportRow<'appointments.csv'>> {
  const clock = new DayClock(anchorMonday);
  const cellsByIndex = Array.from({ length: shape.cliniciansPerPractice }, (_, i) =>
    weekCells(benchRota(shape, i)),
  );
  const counts = benchCounts(shape);
  let ref = 0;
  for (let c = 1; c <= counts.clinicians; c += 1) {
    const { practice, index } = clinicianPlace(shape, c);
    const cells = cellsByIndex[index] ?? [];
    const vet = index < shape.vetsPerPractice;
    for (let n = 0; n < shape.appointmentsPerClinician; n += 1) {
      const { weeksFromAnchor, cell } = appointmentCell(shape, cells, c, n);
      const client =
        (practice - 1) * shape.clientsPerPractice +
        ((n * shape.cliniciansPerPractice + index) % shape.clientsPerPractice) +
        1;
      const pets = petsOf(counts.clients, client);
      const pet = pets[Math.floor(n / 100) % pets.length] ?? client;
      const rabbit = RABBIT_CHECK && vet && benchPetSpecies(seed, pet).name === 'Rabbit';
      const reason =
        rabbit && below(2, seed, APPOINTMENT, c, n) === 0
          ? RABBIT_CHECK
          : pick(vet ? VET_REASONS : NURSE_REASONS, seed, APPOINTMENT, c, n, 1);
      const day = weeksFromAnchor * 7 + cell.day - 1;
      const fate = below(20, seed, APPOINTMENT, c, n, 2);
      yield {
        appointment_ref: benchRef.appointment((ref += 1)),
        practice_ref: benchRef.practice(practice),
        clinician_ref: benchRef.clinician(c),
        client_ref: benchRef.client(client),
        pet_ref: benchRef.pet(pet),
        reason_ref: reasonRef(reason.name),
        starts_at: clock.instant(day, cell.start),
        ends_at: clock.instant(day, cell.start + reason.durationMinutes),
        status:
          weeksFromAnchor > 0 ? 'Booked' : fate === 0 ? 'Cancelled' : fate === 1 ? 'NoShow' : 'Completed',
        notes: '',
      };
    }
  }
}
