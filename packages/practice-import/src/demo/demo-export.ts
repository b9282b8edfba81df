import { practiceInstant } from '@vet/contracts/practice-clock';
import { planClosures } from '@vet/db/seed/closures';
import { DEMO_CLIENTS } from '@vet/db/seed/data/demo-clients';
import { DEMO_LIST_ENTRIES } from '@vet/db/seed/data/demo-list-entries';
import { OTHER_CLIENTS } from '@vet/db/seed/data/other-clients';
import { DEMO_PRACTICES } from '@vet/db/seed/data/practices';
import { appointmentRows, planDemoAppointments } from './demo-appointment-table.ts';
import { clientRows, numberedPets, petRows } from './demo-client-tables.ts';
import {
  clinicianRows,
  closureRows,
  openingHoursRows,
  practiceRefs,
  practiceRows,
  reasonRows,
  rotaShiftRows,
} from './demo-practice-tables.ts';
import { billTables } from './demo-bills.ts';
import { medicationRows } from './demo-medications.ts';
import { planTables } from './demo-plans.ts';
import { priceRows } from './demo-prices.ts';
import { vaccinationRows } from './demo-vaccinations.ts';
import type { ExportTables } from './export-files.ts';

/**
 * The Monday of the week the committed export is written for. Loading it moves every date by whole
 * weeks onto the current week (rebase-demo-export.ts), so the demo's appointments, closures, ages and
 * vaccinations always sit around "today" as the seed placed them.
 */
export const DEMO_ANCHOR_MONDAY = '2026-11-23';

/** The client seeds in the order the export numbers them: the demo accounts' records first. */
export const DEMO_CLIENT_SEEDS = [...DEMO_CLIENTS, ...OTHER_CLIENTS];

/**
 * The demo group as a practice system would export it, from the seed's data tables: its own list
 * entries, the practices with
 * their opening hours, clinicians, rotas and closures, the reasons and their prices, the clients, their pets and
 * vaccinations, the appointments, the first account's estimates and bills, and its practice's health plans with the first pet a member, as of the start of the anchor week. Pure and deterministic.
 */
export function demoExportTables(): ExportTables {
  const anchorNow = practiceInstant(DEMO_ANCHOR_MONDAY, '00:00');
  const refs = practiceRefs();
  const closures = planClosures(DEMO_PRACTICES, anchorNow);
  const pets = numberedPets(DEMO_CLIENT_SEEDS);
  const petTable = petRows(pets, DEMO_ANCHOR_MONDAY);
  const appointments = planDemoAppointments(DEMO_CLIENT_SEEDS, closures, anchorNow);
  return {
    'list_entries.csv': DEMO_LIST_ENTRIES,
    'practices.csv': practiceRows(refs),
    'opening_hours.csv': openingHoursRows(refs),
    'clinicians.csv': clinicianRows(refs),
    'rota_shifts.csv': rotaShiftRows(refs),
    'closures.csv': closureRows(refs, closures),
    'appointment_reasons.csv': reasonRows(),
    'prices.csv': priceRows(refs),
    'clients.csv': clientRows(refs, DEMO_CLIENT_SEEDS),
    'pets.csv': petTable,
    'appointments.csv': appointmentRows(refs, DEMO_CLIENT_SEEDS, pets, appointments),
    'vaccinations.csv': vaccinationRows(pets, petTable, appointments, DEMO_ANCHOR_MONDAY),
    'medications.csv': medicationRows(refs, pets, DEMO_ANCHOR_MONDAY),
    ...billTables(refs, pets, DEMO_ANCHOR_MONDAY),
    ...planTables(refs, pets, DEMO_ANCHOR_MONDAY),
  };
}
