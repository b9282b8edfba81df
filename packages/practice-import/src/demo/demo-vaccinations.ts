import { addDays, addMonths, practiceDate } from '@vet/contracts/practice-clock';
import type { DemoAppointment } from './demo-appointment-table.ts';
import type { NumberedPet } from './demo-client-tables.ts';
import { demoRef } from './demo-references.ts';
import type { ExportRow } from './export-files.ts';

export interface Course {
  vaccine: string;
  /** How long a booster lasts; the first booster is due a year after the primary course, as UK vets give them. */
  boosterMonths: number;
}

/** What a UK practice vaccinates each species against; guinea pigs, birds and the rest get none. */
export const VACCINE_COURSES: Readonly<Record<string, readonly Course[]>> = {
  Dog: [
    { vaccine: 'DHP (distemper, hepatitis, parvovirus)', boosterMonths: 36 },
    { vaccine: 'Leptospirosis L4', boosterMonths: 12 },
  ],
  Cat: [
    { vaccine: 'Feline RCP (cat flu and enteritis)', boosterMonths: 12 },
    { vaccine: 'Feline leukaemia (FeLV)', boosterMonths: 12 },
  ],
  Rabbit: [{ vaccine: 'Myxomatosis and RHD', boosterMonths: 12 }],
};

/** The primary course is given at nine weeks old. */
export const PRIMARY_AGE_DAYS = 63;

/**
 * Each demo pet's vaccinations as of `today`: its primary course and, for a live pet past its first
 * booster, the latest booster, given at the pet's last vaccination appointment when it had one, otherwise
 * on the last anniversary of the primary course. A deceased pet keeps only its primary course.
 */
export function vaccinationRows(
  pets: readonly NumberedPet[],
  petRows: readonly ExportRow<'pets.csv'>[],
  appointments: readonly DemoAppointment[],
  today: string,
): ExportRow<'vaccinations.csv'>[] {
  const rows: ExportRow<'vaccinations.csv'>[] = [];
  const add = (petRef: string, vaccine: string, givenOn: string, dueOn: string) =>
    rows.push({
      vaccination_ref: demoRef.vaccination(rows.length + 1),
      pet_ref: petRef,
      vaccine,
      given_on: givenOn,
      due_on: dueOn,
    });

  pets.forEach((numbered, i) => {
    const row = petRows[i];
    if (!row) throw new Error('every pet has its row');
    const primary = addDays(row.date_of_birth, PRIMARY_AGE_DAYS);
    if (primary > today) return;
    const booster = numbered.pet.deceased ? null : latestBooster(numbered, appointments, primary, today);
    for (const course of VACCINE_COURSES[numbered.pet.species] ?? []) {
      add(row.pet_ref, course.vaccine, primary, addMonths(primary, 12));
      if (booster !== null)
        add(row.pet_ref, course.vaccine, booster, addMonths(booster, course.boosterMonths));
    }
  });
  return rows;
}

function latestBooster(
  numbered: NumberedPet,
  appointments: readonly DemoAppointment[],
  primary: string,
  today: string,
): string | null {
  const visits = appointments
    .filter(
      (a) =>
        a.clientIndex === numbered.clientIndex &&
        a.pet.name === numbered.pet.name &&
        a.appointment.reason === 'Vaccination' &&
        a.status === 'Completed',
    )
    .map((a) => practiceDate(a.slot.startsAt))
    .sort();
  const lastVisit = visits.at(-1);
  if (lastVisit !== undefined) return lastVisit;
  let anniversary: string | null = null;
  for (let years = 1; addMonths(primary, 12 * years) <= today; years += 1) {
    anniversary = addMonths(primary, 12 * years);
  }
  return anniversary;
}
