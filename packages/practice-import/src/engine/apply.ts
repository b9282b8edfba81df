import { lockForPracticeBookings } from '@vet/clinician-time/practice-lane';
import type { KindFile } from '../kinds/kind.ts';
import { applyAppointments } from './apply/appointments.ts';
import { applyEstimateLines, applyEstimates, applyInvoiceLines, applyInvoices } from './apply/bills.ts';
import { applyClinicians, applyClosures, applyRotaShifts } from './apply/clinicians.ts';
import { applyClients, applyPets, applyVaccinations } from './apply/clients.ts';
import { applyOpeningHours, applyPractices } from './apply/practices.ts';
import { applyMedications } from './apply/medications.ts';
import {
  applyHealthPlanBenefits,
  applyHealthPlans,
  applyPlanMembershipUses,
  applyPlanMemberships,
} from './apply/plans.ts';
import { applyPrices } from './apply/prices.ts';
import { applyReasons } from './apply/reasons.ts';
import { importOrder } from './import-files.ts';
import type { Session } from './session.ts';

/** Each file's apply: writes its valid staged rows and says how many it wrote (inserted or updated). */
const appliers: Record<KindFile, (session: Session) => Promise<number>> = {
  'practices.csv': applyPractices,
  'opening_hours.csv': applyOpeningHours,
  'clinicians.csv': applyClinicians,
  'rota_shifts.csv': applyRotaShifts,
  'closures.csv': applyClosures,
  'appointment_reasons.csv': applyReasons,
  'prices.csv': applyPrices,
  'clients.csv': applyClients,
  'pets.csv': applyPets,
  'appointments.csv': applyAppointments,
  'vaccinations.csv': applyVaccinations,
  'medications.csv': applyMedications,
  'estimates.csv': applyEstimates,
  'estimate_lines.csv': applyEstimateLines,
  'invoices.csv': applyInvoices,
  'invoice_lines.csv': applyInvoiceLines,
  'health_plans.csv': applyHealthPlans,
  'health_plan_benefits.csv': applyHealthPlanBenefits,
  'plan_memberships.csv': applyPlanMemberships,
  'plan_membership_uses.csv': applyPlanMembershipUses,
};

export interface Applied {
  file: KindFile;
  applied: number;
  seconds: number;
}

/**
 * Writes the valid staged rows of the files, in dependency order, in the caller's transaction (the
 * import's one transaction, or the integration API's). Appointments first take the tables of booked
 * time, before any other write, so no online booking can deadlock with them.
 */
export async function applyFiles(
  session: Session,
  files: ReadonlySet<KindFile>,
  onFile?: (applied: Applied) => void,
): Promise<Applied[]> {
  const results: Applied[] = [];
  // The stored records' fingerprints are this transaction's to write (migration 0019's trigger).
  await session.query(`select set_config('practice_import.keeps_fingerprints', 'on', true)`);
  if (files.has('appointments.csv')) await lockForPracticeBookings(session.db);
  for (const file of importOrder) {
    if (!files.has(file)) continue;
    const started = performance.now();
    const applied = await appliers[file](session);
    const result = { file, applied, seconds: (performance.now() - started) / 1000 };
    results.push(result);
    onFile?.(result);
  }
  return results;
}

/**
 * Writes every staged file in ONE transaction: all of it or (on an error) none. A dry run does the same
 * and rolls back, so it reports exactly what the import would write. `inTransaction`: the import's
 * transaction began before (list_entries.csv was written in it first: decision 0096), and ends here.
 */
export async function applyStaged(
  session: Session,
  files: ReadonlySet<KindFile>,
  options: { dryRun: boolean; inTransaction?: boolean; onFile?: (applied: Applied) => void },
): Promise<Applied[]> {
  if (!options.inTransaction) await session.query('begin');
  try {
    const results = await applyFiles(session, files, options.onFile);
    await session.query(options.dryRun ? 'rollback' : 'commit');
    return results;
  } catch (error) {
    await session.query('rollback').catch(() => {});
    throw error;
  }
}
