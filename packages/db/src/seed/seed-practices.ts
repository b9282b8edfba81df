import { practiceTimeZone } from '@vet/contracts/practice-clock';
import {
  clinicianRotaBreaks,
  clinicianRotaShifts,
  clinicians,
  closures as closuresTable,
} from '../schema/clinicians.ts';
import { practiceFeatureSettings, practiceOpeningHours, practices } from '../schema/practices.ts';
import type { PlannedClosure } from './closures.ts';
import { clinicianKey, DEMO_PRACTICES } from './data/practices.ts';
import type { ClinicianSeed, PracticeSeed } from './data/types.ts';
import { idOf, type SeedTransaction } from './seed-transaction.ts';

export interface PracticeIds {
  practices: ReadonlyMap<string, number>;
  /** Keyed by clinicianKey. */
  clinicians: ReadonlyMap<string, number>;
}

/** The practices with their feature settings, opening hours, clinicians, rotas and closures. */
export async function seedPractices(
  tx: SeedTransaction,
  closures: readonly PlannedClosure[],
): Promise<PracticeIds> {
  const practiceIds = new Map<string, number>();
  const clinicianIds = new Map<string, number>();
  for (const practice of DEMO_PRACTICES) {
    const practiceId = await insertPractice(tx, practice);
    practiceIds.set(practice.name, practiceId);
    for (const clinician of practice.clinicians) {
      clinicianIds.set(
        clinicianKey(practice.name, clinician),
        await insertClinician(tx, practiceId, clinician),
      );
    }
  }
  await tx.insert(closuresTable).values(
    closures.map((c) => ({
      practiceId: idOf(practiceIds, c.practice, 'practice'),
      clinicianId: c.clinician === null ? null : idOf(clinicianIds, c.clinician, 'clinician'),
      startsAt: c.startsAt,
      endsAt: c.endsAt,
      reason: c.reason,
    })),
  );
  return { practices: practiceIds, clinicians: clinicianIds };
}

async function insertPractice(tx: SeedTransaction, practice: PracticeSeed): Promise<number> {
  const { features, openingHours, clinicians: _clinicians, ...columns } = practice;
  const [row] = await tx
    .insert(practices)
    .values({ ...columns, timeZone: practiceTimeZone })
    .returning({ id: practices.id });
  if (!row) throw new Error(`practice ${practice.name} not inserted`);
  const settings = Object.entries(features).map(([featureKey, value]) => ({
    practiceId: row.id,
    featureKey,
    value,
  }));
  if (settings.length > 0) await tx.insert(practiceFeatureSettings).values(settings);
  await tx.insert(practiceOpeningHours).values(
    openingHours.map((h) => ({
      practiceId: row.id,
      dayOfWeek: h.day,
      opensAt: h.opens,
      closesAt: h.closes,
    })),
  );
  return row.id;
}

async function insertClinician(
  tx: SeedTransaction,
  practiceId: number,
  clinician: ClinicianSeed,
): Promise<number> {
  const [row] = await tx
    .insert(clinicians)
    .values({
      practiceId,
      firstName: clinician.firstName,
      lastName: clinician.lastName,
      type: clinician.type,
    })
    .returning({ id: clinicians.id });
  if (!row) throw new Error(`clinician ${clinician.lastName} not inserted`);
  const shifts = await tx
    .insert(clinicianRotaShifts)
    .values(
      clinician.rota.map((s) => ({
        clinicianId: row.id,
        dayOfWeek: s.day,
        startsAt: s.start,
        endsAt: s.end,
      })),
    )
    .returning({ id: clinicianRotaShifts.id, dayOfWeek: clinicianRotaShifts.dayOfWeek });
  // The demo rotas have at most one shift a day, so the day identifies the shift a break belongs to.
  const shiftIdByDay = new Map(shifts.map((s) => [String(s.dayOfWeek), s.id]));
  const breaks = clinician.rota.flatMap((s) =>
    s.breaks.map(([startsAt, endsAt]) => ({
      shiftId: idOf(shiftIdByDay, String(s.day), 'rota shift'),
      startsAt,
      endsAt,
    })),
  );
  if (breaks.length > 0) await tx.insert(clinicianRotaBreaks).values(breaks);
  return row.id;
}
