import { useTestDatabase } from '@vet/db/testing/test-database';
import { beforeAll, describe, expect, it } from 'vitest';
import { exportDirectory } from './testing/export-directory.ts';
import { importDirectory, seedImportLookups } from './testing/run-test-import.ts';
import { testGroup } from './testing/test-group.ts';

/** medications.csv and practices.csv's prescription settings through the import (decision 0111). */
const database = useTestDatabase();
beforeAll(() => seedImportLookups(database));

const refusalsOf = (result: {
  refusals: { file: string; line: number; column: string | null; reason: string }[];
}) => result.refusals.map((r) => `${r.file}:${r.line} ${r.column ?? '-'}: ${r.reason}`);

describe('medications.csv', () => {
  it('stores a pet’s medicine with the portal’s defaults and its vet; the same files again change nothing', async () => {
    const group = testGroup();
    const files = await exportDirectory(group.files);
    const first = await importDirectory(database.url, files);
    expect(first.exitCode, refusalsOf(first).join('\n')).toBe(0);
    expect(first.counts('medications.csv')).toEqual({ applied: 1, unchanged: 0, refused: 0 });
    const stored = await database.pool.query(
      `select p.pms_ref as pet_ref, c.pms_ref as clinician_ref, m.category, m.repeatable, m.repeats_left,
              m.review_due, m.max_quantity, m.unit
         from pet_medications m join pets p on p.id = m.pet_id left join clinicians c on c.id = m.clinician_id
        where m.pms_ref = $1`,
      [group.ref('MED', 1)],
    );
    expect(stored.rows).toEqual([
      {
        pet_ref: group.ref('PET', 1),
        clinician_ref: group.ref('CLIN', 1),
        category: 'POM-V',
        repeatable: true,
        repeats_left: 2,
        review_due: null,
        max_quantity: 2,
        unit: '100 ml bottles',
      },
    ]);
    const practice = await database.pool.query(
      `select prescription_review_months, written_prescription_fee_pence, written_prescription_further_fee_pence
         from practices where pms_ref = $1`,
      [group.ref('PRAC', 1)],
    );
    expect(practice.rows).toEqual([
      {
        prescription_review_months: 12,
        // Empty cells: no fee of its own, so the cap in force on the day, never a constant (decision 0148).
        written_prescription_fee_pence: null,
        written_prescription_further_fee_pence: null,
      },
    ]);
    const again = await importDirectory(database.url, files);
    expect(again.counts('medications.csv')).toEqual({ applied: 0, unchanged: 1, refused: 0 });
  });

  it('refuses by line an unknown pet or vet, and a practice’s fee above the cap', async () => {
    const group = testGroup();
    const [medicine] = group.files['medications.csv'];
    const [practice] = group.files['practices.csv'];
    const result = await importDirectory(
      database.url,
      await exportDirectory({
        ...group.files,
        'practices.csv': [{ ...practice!, written_prescription_fee: '25.00' }],
        'medications.csv': [
          { ...medicine!, medication_ref: group.ref('MED', 2), pet_ref: 'PET-NONE' },
          { ...medicine!, medication_ref: group.ref('MED', 3), clinician_ref: 'CLIN-NONE' },
        ],
      }),
    );
    expect(refusalsOf(result)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^practices\.csv:2 written_prescription_fee: above £21\.00/),
        'medications.csv:2 pet_ref: no pet with this reference in pets.csv or stored',
        'medications.csv:3 clinician_ref: no clinician with this reference in clinicians.csv or stored',
      ]),
    );
  });
});
