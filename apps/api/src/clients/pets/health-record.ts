import type { DueVaccination, GivenVaccination, PetHealthRecord } from '@vet/contracts/pet-health-record';
import { practiceDate } from '@vet/contracts/practice-clock';
import type { Database } from '@vet/db/connection';
import { clients, pets } from '@vet/db/schema/clients';
import { practices } from '@vet/db/schema/practices';
import { vaccinations } from '@vet/db/schema/vaccinations';
import { and, asc, eq } from 'drizzle-orm';
import { withHomePractice } from '../../platform/index.ts';

/** By vaccine name as a reader orders them: letters before case ("Feline leukaemia" before "Feline RCP"). */
const byVaccine = (a: { vaccine: string }, b: { vaccine: string }) =>
  a.vaccine.localeCompare(b.vaccine, 'en-GB', { sensitivity: 'base' }) || (a.vaccine < b.vaccine ? -1 : 1);

/**
 * The given and due of a pet's vaccinations on the practice's `today` (YYYY-MM-DD). Each vaccine is due
 * when its latest dose says (latest by date given, then by id): a booster supersedes the due date of the
 * dose before it. Overdue from the day after the due date. A pet no longer active has nothing due.
 */
export function healthRecordOf(
  doses: readonly GivenVaccination[],
  today: string,
  active: boolean,
): Pick<PetHealthRecord, 'due' | 'given'> {
  const latest = new Map<string, GivenVaccination>();
  for (const dose of doses) {
    const current = latest.get(dose.vaccine);
    const later =
      !current ||
      dose.givenOn > current.givenOn ||
      (dose.givenOn === current.givenOn && dose.vaccinationId > current.vaccinationId);
    if (later) latest.set(dose.vaccine, dose);
  }
  const due: DueVaccination[] = active
    ? [...latest.values()]
        .filter((dose): dose is GivenVaccination & { dueOn: string } => dose.dueOn !== null)
        .map((dose) => ({
          vaccine: dose.vaccine,
          dueOn: dose.dueOn,
          lastGivenOn: dose.givenOn,
          overdue: dose.dueOn < today,
        }))
        .sort((a, b) => (a.dueOn < b.dueOn ? -1 : a.dueOn > b.dueOn ? 1 : byVaccine(a, b)))
    : [];
  const given = [...doses].sort((a, b) =>
    a.givenOn > b.givenOn
      ? -1
      : a.givenOn < b.givenOn
        ? 1
        : byVaccine(a, b) || a.vaccinationId - b.vaccinationId,
  );
  return { due, given };
}

/** A pet's health record, read for its owning client only: another client's pet is undefined, as a missing one. */
export function createHealthRecordRepository(db: Database) {
  return {
    async findForClient(clientId: number, petId: number, now: Date): Promise<PetHealthRecord | undefined> {
      const [pet] = await withHomePractice(
        db
          .select({ status: pets.status, practiceName: practices.name, practicePhone: practices.phone })
          .from(pets)
          .innerJoin(clients, eq(clients.id, pets.clientId))
          .$dynamic(),
      )
        .where(and(eq(pets.clientId, clientId), eq(pets.id, petId)))
        .limit(1);
      if (!pet) return undefined;
      const doses = await db
        .select({
          vaccinationId: vaccinations.id,
          vaccine: vaccinations.vaccine,
          givenOn: vaccinations.givenOn,
          dueOn: vaccinations.dueOn,
        })
        .from(vaccinations)
        .where(eq(vaccinations.petId, petId))
        .orderBy(asc(vaccinations.id));
      const today = practiceDate(now);
      return {
        petId,
        today,
        practice: { name: pet.practiceName, phone: pet.practicePhone },
        ...healthRecordOf(doses, today, pet.status === 'Active'),
      };
    },
  };
}
