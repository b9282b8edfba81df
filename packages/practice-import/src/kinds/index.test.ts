import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { recordKinds, recordKindsByFile } from './index.ts';
import type { StagedType, StagedValue } from './kind.ts';
import { accepted, context, refused, rowOf } from './testing/kind-fixtures.ts';
import { validRows } from './testing/valid-rows.ts';

/**
 * practice-systems.md, "Import files and their columns", as written there (`*` = bold, required): the
 * kinds must read exactly these files and columns.
 */
const designTable = {
  'practices.csv':
    '*practice_ref, *name, *address_line1, address_line2, *town, county, *postcode, *phone, email, owner_name, vat_number, time_zone, listed_online, online_booking, online_pet_registration, slot_grid_minutes, min_notice_minutes, horizon_days, cancellation_cutoff_minutes, prescription_review_months, written_prescription_fee, written_prescription_further_fee, message_answer_hours',
  'opening_hours.csv': '*practice_ref, *day_of_week, *opens, *closes',
  'clinicians.csv': '*clinician_ref, *practice_ref, *first_name, *last_name, *clinician_type, active',
  'rota_shifts.csv': '*clinician_ref, *day_of_week, *starts, *ends, valid_from, valid_to, breaks',
  'closures.csv': '*closure_ref, *practice_ref, clinician_ref, *starts_at, *ends_at, reason',
  'appointment_reasons.csv':
    '*reason_ref, *name, *duration_minutes, *clinician_type, initial_consultation, species, online',
  'prices.csv':
    '*price_ref, *practice_ref, reason_ref, service, *amount, currency, includes, band, *effective_from',
  'clients.csv':
    '*client_ref, *practice_ref, salutation, *first_name, *last_name, email, mobile_phone, home_phone, address_line1, address_line2, town, county, postcode, online_booking_allowed',
  'pets.csv':
    '*pet_ref, *client_ref, *name, *species, breed, colour, sex, neutered, date_of_birth, microchip, insurer, policy_number, status, awaiting_initial_consultation',
  'appointments.csv':
    '*appointment_ref, *practice_ref, *clinician_ref, *client_ref, *pet_ref, *reason_ref, *starts_at, *ends_at, *status, notes, notes_for_client',
  'vaccinations.csv': '*vaccination_ref, *pet_ref, *vaccine, *given_on, due_on',
  'medications.csv':
    '*medication_ref, *pet_ref, *medicine, strength, dose_instructions, category, *prescribed_on, clinician_ref, repeatable, repeats_left, review_due, max_quantity, unit',
  // Issue 63's files (decision 0151), as the issue names them.
  'estimates.csv':
    '*estimate_ref, *practice_ref, *client_ref, clinician_ref, title, *issued_on, expires_on, status, currency, *total, *vat, terms',
  'estimate_lines.csv':
    '*estimate_ref, *line_no, pet_ref, *description, *quantity, *unit_price, *vat_rate, *total',
  'invoices.csv':
    '*invoice_ref, *practice_ref, *client_ref, clinician_ref, estimate_ref, title, *issued_on, due_on, status, currency, *total, *vat, amount_paid',
  'invoice_lines.csv':
    '*invoice_ref, *line_no, pet_ref, *description, *quantity, *unit_price, *vat_rate, *total',
  // Issue 65's files (decision 0161).
  'health_plans.csv':
    '*plan_ref, *practice_ref, *name, description, species, min_age_months, max_age_months, *monthly_price, yearly_price, next_monthly_price, next_yearly_price, next_price_from, minimum_term_months, cooling_off_days, early_exit_fee, exit_terms, renewal_terms, offered_online',
  'health_plan_benefits.csv':
    '*plan_ref, *name, *kind, reason_ref, vaccination, allowance_per_year, discount_percent',
  'plan_memberships.csv':
    '*membership_ref, *plan_ref, *pet_ref, status, billing, *price, *started_on, *renews_on, next_payment_on, payment_failed_on, ended_on',
  'plan_membership_uses.csv': '*membership_ref, *benefit, *used',
} as const;

const fitsType: Record<StagedType, (value: StagedValue) => boolean> = {
  text: (value) => typeof value === 'string',
  integer: (value) => Number.isInteger(value),
  boolean: (value) => typeof value === 'boolean',
  date: (value) => typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value),
  time: (value) => typeof value === 'string' && /^\d{2}:\d{2}$/.test(value),
  timestamptz: (value) => typeof value === 'string' && !Number.isNaN(Date.parse(value)),
  'text[]': (value) => Array.isArray(value) && value.every((item) => typeof item === 'string'),
  'integer[]': (value) => Array.isArray(value) && value.every((item) => Number.isInteger(item)),
};

describe('recordKinds', () => {
  it('reads exactly the files and columns of the design, required as it marks them', () => {
    expect(recordKinds.map((kind) => kind.file)).toEqual(Object.keys(designTable));
    for (const kind of recordKinds) {
      const written = kind.columns.map((column) => `${column.required ? '*' : ''}${column.name}`).join(', ');
      expect(written, kind.file).toBe(designTable[kind.file]);
      expect(recordKindsByFile.get(kind.file)).toBe(kind);
    }
  });

  it('lists every kind after the kinds its references name, and each reference is a column of its own', () => {
    recordKinds.forEach((kind, index) => {
      const before = recordKinds.slice(0, index).map((earlier) => earlier.file);
      const names = kind.columns.map((column) => column.name);
      for (const reference of kind.references) {
        expect(before, `${kind.file} → ${reference.file}`).toContain(reference.file);
        expect(names).toContain(reference.column);
      }
      if (kind.refColumn !== null) expect(names).toContain(kind.refColumn);
    });
  });

  it.each(recordKinds.map((kind) => [kind.file, kind] as const))(
    '%s stages exactly the keys of `staged`, each of its type (or null)',
    (_file, kind) => {
      const record = accepted(kind, validRows[kind.file]);
      expect(Object.keys(record).sort()).toEqual(Object.keys(kind.staged).sort());
      for (const [key, type] of Object.entries(kind.staged)) {
        const value = record[key]!;
        expect(value === null || fitsType[type](value), `${kind.file} ${key}`).toBe(true);
      }
    },
  );

  it.each(recordKinds.map((kind) => [kind.file, kind] as const))(
    '%s refuses a row whose required cells are empty, naming each column',
    (_file, kind) => {
      const blank = Object.fromEntries(kind.columns.filter((c) => c.required).map((c) => [c.name, ' ']));
      const refusals = refused(kind, { ...validRows[kind.file], ...blank });
      for (const column of kind.columns.filter((c) => c.required)) {
        expect(refusals).toContainEqual({ column: column.name, reason: 'required, but empty' });
      }
    },
  );

  it('never throws on any cells, and no reason ever repeats a cell (cells may be personal data)', () => {
    // Each cell is the valid row's or one holding a marker ("qz", in no reason's words nor the lists'
    // names): a reason that repeated a cell, whole or in part around the marker, would hold the marker.
    const marked = fc
      .tuple(fc.string({ maxLength: 12 }), fc.string({ maxLength: 12 }))
      .map(([before, after]) => `${before}Qz${after}`);
    const rowOfKind = fc
      .constantFrom(...recordKinds)
      .chain((kind) =>
        fc.tuple(
          fc.constant(kind),
          fc.tuple(
            ...kind.columns.map((column) =>
              fc.oneof(fc.constant(validRows[kind.file][column.name]!), marked),
            ),
          ),
        ),
      );
    fc.assert(
      fc.property(rowOfKind, ([kind, values]) => {
        const cells = Object.fromEntries(kind.columns.map((column, i) => [column.name, values[i]!]));
        const result = kind.parse(rowOf(kind, cells), context);
        const markedColumns = kind.columns.filter((_, i) => values[i]!.includes('Qz')).map((c) => c.name);
        if (result.ok) return;
        for (const refusal of result.refusals) {
          expect(refusal.reason.toLowerCase()).not.toContain('qz');
          expect(
            refusal.column === null || markedColumns.includes(refusal.column) || refusal.column === 'insurer',
          ).toBe(true);
        }
      }),
      { numRuns: 3000 },
    );
  });
});
