import { maxQuantityLimit, medicineCategories } from '@vet/contracts/prescription-rules';
import { RowCells, required } from './cells.ts';
import { columnsOf } from './columns.ts';
import type { RecordKind } from './kind.ts';

export const medicationReasons = {
  prescribedAfterToday: 'after today: a medicine the practice records has been prescribed',
} as const;

/**
 * medications.csv (decision 0111): a pet's current medicine as the practice system holds it, what a client
 * may ask to have repeated. category is the medicine's legal category (empty: POM-V, the strictest, so a
 * file that leaves it out never lets a prescription-only medicine through without a review); clinician_ref
 * the prescribing vet; repeats_left empty when the practice does not count repeats; max_quantity the
 * most one request may ask for (empty: 1), in `unit` (empty: pack).
 */
export const medications: RecordKind = {
  file: 'medications.csv',
  columns: columnsOf({
    medication_ref: true,
    pet_ref: true,
    medicine: true,
    strength: false,
    dose_instructions: false,
    category: false,
    prescribed_on: true,
    clinician_ref: false,
    repeatable: false,
    repeats_left: false,
    review_due: false,
    max_quantity: false,
    unit: false,
  }),
  refColumn: 'medication_ref',
  references: [
    { column: 'pet_ref', file: 'pets.csv' },
    { column: 'clinician_ref', file: 'clinicians.csv', optional: true },
  ],
  staged: {
    medication_ref: 'text',
    pet_ref: 'text',
    medicine: 'text',
    strength: 'text',
    dose_instructions: 'text',
    category: 'text',
    prescribed_on: 'date',
    clinician_ref: 'text',
    repeatable: 'boolean',
    repeats_left: 'integer',
    review_due: 'date',
    max_quantity: 'integer',
    unit: 'text',
  },
  parse(row, { today }) {
    const cells = new RowCells(row);
    const prescribedOn = cells.date('prescribed_on', required);
    return cells.result({
      medication_ref: cells.text('medication_ref', required),
      pet_ref: cells.text('pet_ref', required),
      medicine: cells.text('medicine', { required: true, maxLength: 200 }),
      strength: cells.text('strength', { maxLength: 100 }),
      dose_instructions: cells.text('dose_instructions', { maxLength: 500 }),
      category: cells.oneOf('category', medicineCategories),
      prescribed_on: cells.notAfter(
        'prescribed_on',
        prescribedOn,
        today,
        medicationReasons.prescribedAfterToday,
      ),
      clinician_ref: cells.text('clinician_ref'),
      repeatable: cells.boolean('repeatable', true),
      repeats_left: cells.integer('repeats_left', { min: 0, max: 99 }),
      review_due: cells.date('review_due'),
      max_quantity: cells.integer('max_quantity', { min: 1, max: maxQuantityLimit }),
      unit: cells.text('unit', { maxLength: 40 }),
    });
  },
};
