import { randomUUID } from 'node:crypto';
import { addDays, practiceDate, practiceInstant } from '@vet/contracts/practice-clock';
import type { Rows } from './export-directory.ts';

/** An instant the kinds read: the practice's wall time on a day, as ISO 8601 with the offset (Z). */
export const at = (date: string, time: string) => practiceInstant(date, time).toISOString();

/**
 * A small, valid practice group as an export: every file, every kind of row, references all resolving.
 * References and reason names carry a tag unique to the call, so tests sharing a database never meet.
 * The personal data is made up; `planted` is what a test checks never leaves the import.
 */
export function testGroup() {
  const tag = randomUUID().slice(0, 8).toUpperCase();
  const ref = (kind: string, n: number) => `${kind}-${tag}-${n}`;
  const today = practiceDate(new Date());
  const nextWeek = addDays(today, 7);
  const lastYear = addDays(today, -365);
  const planted = {
    lastName: `Quiller${tag}`,
    email: `quiller.${tag.toLowerCase()}@example.com`,
    postcode: 'SW4 0LN',
  };
  const practices: Rows = [
    {
      practice_ref: ref('PRAC', 1),
      name: `Test Vets ${tag}`,
      address_line1: '48 Abbeville Road',
      town: 'London',
      postcode: 'SW4 9NG',
      phone: '020 7946 0123',
      time_zone: 'Europe/London',
      online_booking: 'true',
      owner_name: 'Abbeville Veterinary Group Ltd',
    },
  ];
  const openingHours: Rows = [1, 2, 3, 4, 5].map((day) => ({
    practice_ref: ref('PRAC', 1),
    day_of_week: String(day),
    opens: '08:00',
    closes: '18:00',
  }));
  const clinicians: Rows = [
    {
      clinician_ref: ref('CLIN', 1),
      practice_ref: ref('PRAC', 1),
      first_name: 'Helen',
      last_name: 'Marsh',
      clinician_type: 'Vet',
    },
    {
      clinician_ref: ref('CLIN', 2),
      practice_ref: ref('PRAC', 1),
      first_name: 'Sam',
      last_name: 'Okoro',
      clinician_type: 'Nurse',
    },
  ];
  const rotaShifts: Rows = [1, 2, 3, 4, 5].flatMap((day) => [
    {
      clinician_ref: ref('CLIN', 1),
      day_of_week: String(day),
      starts: '08:30',
      ends: '17:30',
      breaks: '12:30-13:00',
    },
    { clinician_ref: ref('CLIN', 2), day_of_week: String(day), starts: '09:00', ends: '13:00', breaks: '' },
  ]);
  const closures: Rows = [
    {
      closure_ref: ref('CLOS', 1),
      practice_ref: ref('PRAC', 1),
      starts_at: at(addDays(today, 30), '00:00'),
      ends_at: at(addDays(today, 31), '00:00'),
      reason: 'Training day',
    },
  ];
  const reasons: Rows = [
    {
      reason_ref: ref('REASON', 1),
      name: `Consultation ${tag}`,
      duration_minutes: '15',
      clinician_type: 'Vet',
    },
    {
      reason_ref: ref('REASON', 2),
      name: `First visit ${tag}`,
      duration_minutes: '30',
      clinician_type: 'Vet',
      initial_consultation: 'true',
      species: 'Dog;Cat',
    },
  ];
  const prices: Rows = [
    {
      price_ref: ref('PRICE', 1),
      practice_ref: ref('PRAC', 1),
      reason_ref: ref('REASON', 1),
      amount: '45.00',
      currency: 'GBP',
      includes: 'A 15-minute examination',
      effective_from: lastYear,
    },
    {
      price_ref: ref('PRICE', 2),
      practice_ref: ref('PRAC', 1),
      service: 'Nail clipping',
      amount: '12.5',
      effective_from: lastYear,
    },
  ];
  const clients: Rows = [
    {
      client_ref: ref('CLI', 1),
      practice_ref: ref('PRAC', 1),
      salutation: 'Ms',
      first_name: 'Olivia',
      last_name: planted.lastName,
      email: planted.email,
      mobile_phone: '07400 123456',
      address_line1: '7 Rectory Grove',
      town: 'London',
      postcode: planted.postcode,
    },
    { client_ref: ref('CLI', 2), practice_ref: ref('PRAC', 1), first_name: 'James', last_name: 'Okafor' },
  ];
  const pets: Rows = [
    {
      pet_ref: ref('PET', 1),
      client_ref: ref('CLI', 1),
      name: 'Bramble',
      species: 'Dog',
      breed: 'Labrador Retriever',
      sex: 'Female',
      date_of_birth: '2020-09-23',
    },
    {
      pet_ref: ref('PET', 2),
      client_ref: ref('CLI', 1),
      name: 'Pickle',
      species: 'Cat',
      sex: 'Male',
      awaiting_initial_consultation: 'true',
    },
    { pet_ref: ref('PET', 3), client_ref: ref('CLI', 2), name: 'Nibbles', species: 'Rabbit', sex: 'Male' },
  ];
  const appointment = (
    n: number,
    pet: number,
    client: number,
    reason: number,
    date: string,
    time: string,
    end: string,
    status: string,
  ) => ({
    appointment_ref: ref('APT', n),
    practice_ref: ref('PRAC', 1),
    clinician_ref: ref('CLIN', 1),
    client_ref: ref('CLI', client),
    pet_ref: ref('PET', pet),
    reason_ref: ref('REASON', reason),
    starts_at: at(date, time),
    ends_at: at(date, end),
    status,
  });
  const appointments: Rows = [
    appointment(1, 1, 1, 1, lastYear, '10:00', '10:15', 'Completed'),
    appointment(2, 2, 1, 2, lastYear, '11:00', '11:30', 'Completed'),
    appointment(3, 1, 1, 1, nextWeek, '10:00', '10:15', 'Booked'),
    appointment(4, 3, 2, 1, nextWeek, '11:00', '11:15', 'Cancelled'),
  ];
  const vaccinations: Rows = [
    {
      vaccination_ref: ref('VAC', 1),
      pet_ref: ref('PET', 1),
      vaccine: 'DHP (distemper, hepatitis, parvovirus)',
      given_on: lastYear,
      due_on: addDays(lastYear, 365),
    },
  ];
  const medications: Rows = [
    {
      medication_ref: ref('MED', 1),
      pet_ref: ref('PET', 1),
      medicine: 'Metacam 1.5 mg/ml oral suspension for dogs',
      dose_instructions: 'Once a day with food',
      category: 'POM-V',
      prescribed_on: lastYear,
      clinician_ref: ref('CLIN', 1),
      repeats_left: '2',
      max_quantity: '2',
      unit: '100 ml bottles',
    },
  ];
  return {
    tag,
    ref,
    planted,
    nextWeek,
    files: {
      'practices.csv': practices,
      'opening_hours.csv': openingHours,
      'clinicians.csv': clinicians,
      'rota_shifts.csv': rotaShifts,
      'closures.csv': closures,
      'appointment_reasons.csv': reasons,
      'prices.csv': prices,
      'clients.csv': clients,
      'pets.csv': pets,
      'appointments.csv': appointments,
      'vaccinations.csv': vaccinations,
      'medications.csv': medications,
    },
  };
}
