import { describe, expect, it } from 'vitest';
import type { RecordKind } from '../kinds/kind.ts';
import { headerProblems } from './header.ts';

const kind = {
  file: 'vaccinations.csv',
  columns: [
    { name: 'vaccination_ref', required: true },
    { name: 'pet_ref', required: true },
    { name: 'vaccine', required: true },
    { name: 'due_on', required: false },
  ],
} as unknown as RecordKind;

describe("an export file's header", () => {
  it('takes the columns in any order, optional ones left out', () => {
    expect(headerProblems(['vaccine', ' pet_ref ', 'vaccination_ref'], kind)).toEqual([]);
  });

  it('names an unknown column, a repeated one and a missing required one', () => {
    expect(headerProblems(['vaccination_ref', 'pet_ref', 'vaccine', 'vaccine', 'batch_no'], kind)).toEqual([
      { column: 'batch_no', reason: 'unknown column: vaccinations.csv has no column of this name' },
      { column: 'vaccine', reason: 'this column is given twice in the header' },
    ]);
    expect(headerProblems(['vaccination_ref', 'vaccine'], kind)).toEqual([
      { column: 'pet_ref', reason: 'missing required column of vaccinations.csv' },
    ]);
  });

  it('never quotes a header cell that does not look like a column name', () => {
    expect(headerProblems(['vaccination_ref', 'pet_ref', 'vaccine', 'jo@example.com'], kind)).toEqual([
      { column: null, reason: 'unknown column: header cell 4 is not a column of vaccinations.csv' },
    ]);
  });

  it('says a first row of data is no header, quoting none of it', () => {
    const problems = headerProblems(['VAC-1', 'PET-1', 'Smith', 'due'], kind);
    expect(problems[0]).toEqual({
      column: null,
      reason: "no header row: 4 of the first row's 4 cells are not columns of vaccinations.csv",
    });
    expect(JSON.stringify(problems)).not.toMatch(/Smith|VAC-1/);
  });
});
