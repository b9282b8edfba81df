import { invoiceLineRows, invoiceRows } from './bench-bills.ts';
import { medicationRows } from './bench-medications.ts';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { isoDayOfWeek } from '@vet/contracts/practice-clock';
import { reasonRows } from '../demo/demo-practice-tables.ts';
import type { ExportFile, ExportRow } from '../demo/export-files.ts';
import {
  priceRows,
  appointmentRows,
  clientRows,
  clinicianRows,
  closureRows,
  openingHoursRows,
  petRows,
  practiceRows,
  rotaShiftRows,
  vaccinationRows,
  type BenchPlan,
} from './bench-records.ts';
import { benchShape } from './bench-shape.ts';
import { writeCsvFile } from './csv-file-writer.ts';

/** The seed the benchmark's exports are written with unless told another. */
export const BENCH_SEED = 20_261_123;

export interface GenerateBenchExportOptions {
  directory: string;
  /** BENCH_SCALE: 1 = a full group (bench-shape.ts). */
  scale: number;
  /** The Monday of the week the export is "taken": history before it, bookings in the three weeks after. */
  anchorMonday: string;
  /** The PRNG's seed: the same seed, scale and anchor write the same bytes. */
  seed?: number;
  /** A tenth of the pets with labels the portal's lists lack (decision 0131; bench-pets.ts). */
  unknownLabels?: boolean;
  /** Only these files (default: every file but the bills'). */
  files?: readonly ExportFile[];
  /** invoices.csv and invoice_lines.csv with this many lines (bench-bills.ts); none when 0 or left out. */
  invoiceLines?: number;
  /** Told as each file is written. */
  onFile?: (file: ExportFile, rows: number, seconds: number) => void;
}

export interface GeneratedFile {
  file: ExportFile;
  rows: number;
  seconds: number;
}

type RowSource<F extends ExportFile> = (plan: BenchPlan) => Iterable<ExportRow<F>>;

/**
 * Each file and what writes its rows, parents first. No list_entries.csv: the bench's names are all the
 * reference lists' (decision 0096), as a group's that adds none, but for the made-up labels of an export
 * with unknown labels, which are kept unmapped (decision 0131).
 */
type BillFile = 'estimates.csv' | 'estimate_lines.csv' | 'invoices.csv' | 'invoice_lines.csv';
// Health plans (issue 65) are not generated yet: the plans benchmark seeds its memberships itself.
type PlanFile =
  'health_plans.csv' | 'health_plan_benefits.csv' | 'plan_memberships.csv' | 'plan_membership_uses.csv';
const SOURCES: { [F in Exclude<ExportFile, 'list_entries.csv' | BillFile | PlanFile>]: RowSource<F> } = {
  'practices.csv': practiceRows,
  'opening_hours.csv': openingHoursRows,
  'clinicians.csv': clinicianRows,
  'rota_shifts.csv': rotaShiftRows,
  'closures.csv': closureRows,
  // The demo's reasons, with the demo's references: a handful, as a group has.
  'appointment_reasons.csv': reasonRows,
  'prices.csv': priceRows,
  'clients.csv': clientRows,
  'pets.csv': petRows,
  'appointments.csv': appointmentRows,
  'vaccinations.csv': vaccinationRows,
  'medications.csv': medicationRows,
};

/**
 * Writes a practice group's export at `scale` into `directory`: every file of the import, streamed row
 * by row (memory stays flat at any scale) and deterministic (a seeded, counter-based PRNG). Every value
 * is one the import accepts: names from the portal's lists (or, with `unknownLabels`, a few made-up
 * ones it keeps unmapped), UK postcodes and phones its forms take, dates of birth in the past, ends after
 * starts, no two bookings of a clinician or a pet overlapping.
 */
export async function generateBenchExport(options: GenerateBenchExportOptions): Promise<GeneratedFile[]> {
  if (isoDayOfWeek(options.anchorMonday) !== 1) throw new Error(`Not a Monday: ${options.anchorMonday}`);
  const plan: BenchPlan = {
    shape: benchShape(options.scale),
    seed: options.seed ?? BENCH_SEED,
    anchorMonday: options.anchorMonday,
    unknownLabels: options.unknownLabels ?? false,
  };
  mkdirSync(options.directory, { recursive: true });
  const written: GeneratedFile[] = [];
  const write = async <F extends ExportFile>(file: F, rows: Iterable<ExportRow<F>>) => {
    const started = performance.now();
    const count = await writeCsvFile(join(options.directory, file), file, rows);
    const seconds = (performance.now() - started) / 1000;
    written.push({ file, rows: count, seconds });
    options.onFile?.(file, count, seconds);
  };
  for (const file of Object.keys(SOURCES) as (keyof typeof SOURCES)[]) {
    if (options.files && !options.files.includes(file)) continue;
    await write(file, (SOURCES[file] as RowSource<typeof file>)(plan));
  }
  const lines = options.invoiceLines ?? 0;
  if (lines > 0) {
    await write('invoices.csv', invoiceRows(plan, lines));
    await write('invoice_lines.csv', invoiceLineRows(plan, lines));
  }
  return written;
}
