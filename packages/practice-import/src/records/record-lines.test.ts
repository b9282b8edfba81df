import { describe, expect, it } from 'vitest';
import { clients } from '../kinds/clients.ts';
import { practices } from '../kinds/practices.ts';
import { openingHours } from '../kinds/opening-hours.ts';
import { RecordLines } from './record-lines.ts';

const practice = (hours: number) => ({ cells: {}, children: Array.from({ length: hours }, () => ({})) });

describe("the engine's lines and words, for records given in memory", () => {
  const lines = new RecordLines(practices, openingHours, [practice(2), practice(0), practice(3)]);

  it('numbers records from line 1 and child rows on in their own file', () => {
    expect([0, 1, 2].map(lines.recordLine)).toEqual([1, 2, 3]);
    expect(lines.childLines()).toEqual([1, 2, 3, 4, 5]);
    expect(lines.placeOf('opening_hours.csv', 3)).toEqual({ record: 2, child: 0 });
    expect(lines.placeOf('practices.csv', 2)).toEqual({ record: 1, child: null });
  });

  it('names items and child rows where the import names lines of files', () => {
    const refusal = (file: string, line: number, column: string | null, reason: string) =>
      lines.refusalOf({ file, line, column, reason }, lines.placeOf(file as 'practices.csv', line)!);
    expect(refusal('practices.csv', 3, 'practice_ref', 'this reference is used before in line 1')).toEqual({
      field: 'practice_ref',
      reason: 'this reference is used before in item 0',
    });
    expect(
      refusal(
        'opening_hours.csv',
        4,
        null,
        "a practice's opening hours is applied whole, and line 5 is refused",
      ),
    ).toEqual({
      field: 'opening_hours[1]',
      reason: "a practice's opening hours is applied whole, and item 2’s opening_hours[2] is refused",
    });
    // The record gives its child rows its reference: a refusal of that is the record's own to say.
    expect(
      refusal('opening_hours.csv', 1, 'practice_ref', 'refused in practices.csv line 1'),
    ).toBeUndefined();
  });

  it('says "stored" where the import speaks of a directory', () => {
    const single = new RecordLines(clients, undefined, [{ cells: {} }]);
    const reason = 'no practice with this reference is stored (no practices.csv in the directory)';
    expect(
      single.refusalOf(
        { file: 'clients.csv', line: 1, column: 'practice_ref', reason },
        { record: 0, child: null },
      ),
    ).toEqual({ field: 'practice_ref', reason: 'no practice with this reference is stored' });
  });
});
