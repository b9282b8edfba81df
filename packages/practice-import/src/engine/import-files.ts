import type { KindFile } from '../kinds/kind.ts';

/**
 * The files of an export in dependency order: a file's references point only at files before it, so the
 * checks and the apply run in this order and a refused parent is known before its children are checked.
 */
export const importOrder: readonly KindFile[] = [
  'practices.csv',
  'opening_hours.csv',
  'clinicians.csv',
  'rota_shifts.csv',
  'closures.csv',
  'appointment_reasons.csv',
  'prices.csv',
  'clients.csv',
  'pets.csv',
  'appointments.csv',
  'vaccinations.csv',
  'medications.csv',
  'estimates.csv',
  'estimate_lines.csv',
  'invoices.csv',
  'invoice_lines.csv',
  'health_plans.csv',
  'health_plan_benefits.csv',
  'plan_memberships.csv',
  'plan_membership_uses.csv',
];

export const isKindFile = (name: string): name is KindFile =>
  (importOrder as readonly string[]).includes(name);

/** The file's staging table: a temporary table of this session, one row per record read. */
export const stagingTable = (file: KindFile): string => `stage_${file.replace(/\.csv$/, '')}`;

/** The stored table of each file whose rows carry their own reference (pms_ref), and what one is called. */
export const storedTables: Partial<Record<KindFile, { table: string; noun: string }>> = {
  'practices.csv': { table: 'practices', noun: 'practice' },
  'clinicians.csv': { table: 'clinicians', noun: 'clinician' },
  'closures.csv': { table: 'closures', noun: 'closure' },
  'appointment_reasons.csv': { table: 'appointment_reasons', noun: 'appointment reason' },
  'prices.csv': { table: 'practice_prices', noun: 'price' },
  'clients.csv': { table: 'clients', noun: 'client' },
  'pets.csv': { table: 'pets', noun: 'pet' },
  'appointments.csv': { table: 'appointments', noun: 'appointment' },
  'vaccinations.csv': { table: 'vaccinations', noun: 'vaccination' },
  'medications.csv': { table: 'pet_medications', noun: 'medication' },
  'estimates.csv': { table: 'practice_estimates', noun: 'estimate' },
  'invoices.csv': { table: 'practice_invoices', noun: 'invoice' },
  'health_plans.csv': { table: 'health_plans', noun: 'health plan' },
  'plan_memberships.csv': { table: 'plan_memberships', noun: 'plan membership' },
};
