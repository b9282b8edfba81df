import { petMedications } from '@vet/db/schema/prescriptions';
import { literal } from '../cross-row-rules.ts';
import type { Session } from '../session.ts';
import { upsertCount } from './upsert.ts';

/** An empty cell takes the column's default, read from the schema (no second copy of it). */
const orDefault = (staged: string, column: { default: unknown }) =>
  `coalesce(s.${staged}, ${literal(String(column.default))})`;

/** A pet's current medicines (decision 0111), by their reference; the prescribing vet when given. */
export const applyMedications = (session: Session) =>
  upsertCount(session, {
    table: 'pet_medications',
    from: `stage_medications s join pets p on p.pms_ref = s.pet_ref
           left join clinicians c on c.pms_ref = s.clinician_ref`,
    ref: 'medication_ref',
    columns: [
      { name: 'pet_id', value: 'p.id' },
      ...['medicine', 'strength', 'dose_instructions', 'prescribed_on'].map((name) => ({
        name,
        value: `s.${name}`,
      })),
      { name: 'category', value: `${orDefault('category', petMedications.category)}::medicine_category` },
      { name: 'clinician_id', value: 'c.id' },
      { name: 'repeatable', value: 's.repeatable' },
      { name: 'repeats_left', value: 's.repeats_left' },
      { name: 'review_due', value: 's.review_due' },
      { name: 'max_quantity', value: `${orDefault('max_quantity', petMedications.maxQuantity)}::smallint` },
      { name: 'unit', value: orDefault('unit', petMedications.unit) },
    ],
    onUpdate: [{ name: 'updated_at', value: 'now()' }],
  });
