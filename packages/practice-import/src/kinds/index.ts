import { appointmentReasons } from './appointment-reasons.ts';
import { appointments } from './appointments.ts';
import { clients } from './clients.ts';
import { clinicians } from './clinicians.ts';
import { medications } from './medications.ts';
import { closures } from './closures.ts';
import { estimateLines, estimates } from './estimates.ts';
import { healthPlanBenefits, healthPlans } from './health-plans.ts';
import { invoiceLines, invoices } from './invoices.ts';
import type { KindFile, RecordKind } from './kind.ts';
import { openingHours } from './opening-hours.ts';
import { pets } from './pets.ts';
import { planMembershipUses, planMemberships } from './plan-memberships.ts';
import { practices } from './practices.ts';
import { prices } from './prices.ts';
import { rotaShifts } from './rota-shifts.ts';
import { vaccinations } from './vaccinations.ts';

/**
 * Every kind of record, in dependency order: a kind's references are to kinds before it, so applying in
 * this order finds every parent in place.
 */
export const recordKinds: readonly RecordKind[] = [
  practices,
  openingHours,
  clinicians,
  rotaShifts,
  closures,
  appointmentReasons,
  prices,
  clients,
  pets,
  appointments,
  vaccinations,
  medications,
  estimates,
  estimateLines,
  invoices,
  invoiceLines,
  healthPlans,
  healthPlanBenefits,
  planMemberships,
  planMembershipUses,
];

/** The kind of each file name the import reads. */
export const recordKindsByFile: ReadonlyMap<KindFile, RecordKind> = new Map(
  recordKinds.map((kind) => [kind.file, kind]),
);
