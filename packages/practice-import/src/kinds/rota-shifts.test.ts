import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatTime } from '@vet/contracts/practice-clock';
import { rotaReasons, rotaShifts } from './rota-shifts.ts';
import { accepted, context, refused, rowOf } from './testing/kind-fixtures.ts';
import { validRows } from './testing/valid-rows.ts';

const valid = validRows['rota_shifts.csv'];

describe('rota_shifts.csv', () => {
  it('stages a shift with its breaks in order of their start', () => {
    expect(accepted(rotaShifts, { ...valid, breaks: ' 15:00-15:15 ; 12:00 - 12:30' })).toEqual({
      clinician_ref: 'C1',
      day_of_week: 7,
      starts: '09:00',
      ends: '17:00',
      valid_from: '2026-01-01',
      valid_to: '2026-12-31',
      breaks: ['12:00-12:30', '15:00-15:15'],
    });
  });

  it('stages no breaks as an empty list, and open-ended validity as null', () => {
    expect(accepted(rotaShifts, { ...valid, breaks: '', valid_from: '', valid_to: '' })).toMatchObject({
      breaks: [],
      valid_from: null,
      valid_to: null,
    });
    expect(accepted(rotaShifts, { ...valid, breaks: ';' }).breaks).toEqual([]);
  });

  it('takes breaks that touch each other or the shift’s ends', () => {
    expect(
      accepted(rotaShifts, { ...valid, breaks: '09:00-09:30;09:30-10:00;16:30-17:00' }).breaks,
    ).toHaveLength(3);
  });

  it('refuses a shift that ends at or before it starts, naming both columns', () => {
    expect(refused(rotaShifts, { ...valid, starts: '17:00', ends: '09:00', breaks: '' })).toEqual([
      { column: null, reason: 'ends is not after starts' },
    ]);
  });

  it('refuses validity that ends before it starts; one day is fine', () => {
    expect(refused(rotaShifts, { ...valid, valid_from: '2026-06-02', valid_to: '2026-06-01' })).toEqual([
      { column: null, reason: 'valid_to is before valid_from' },
    ]);
    expect(
      accepted(rotaShifts, { ...valid, valid_from: '2026-06-01', valid_to: '2026-06-01' }).valid_to,
    ).toBe('2026-06-01');
  });

  it('refuses breaks that are not HH:MM-HH:MM, end before they start, leave the shift or overlap', () => {
    const breaksRefused = (breaks: string) => refused(rotaShifts, { ...valid, breaks });
    expect(breaksRefused('12:00;13:00-13:30')).toEqual([
      { column: 'breaks', reason: rotaReasons.breakForm(1) },
    ]);
    expect(breaksRefused('12:00-12:30-13:00')).toEqual([
      { column: 'breaks', reason: rotaReasons.breakForm(1) },
    ]);
    expect(breaksRefused('12:00-12:30;lunch')).toEqual([
      { column: 'breaks', reason: rotaReasons.breakForm(2) },
    ]);
    expect(breaksRefused('12:30-12:00')).toEqual([{ column: 'breaks', reason: rotaReasons.breakOrder(1) }]);
    expect(breaksRefused('08:45-09:15')).toEqual([{ column: 'breaks', reason: rotaReasons.breakOutside(1) }]);
    expect(breaksRefused('16:50-17:10')).toEqual([{ column: 'breaks', reason: rotaReasons.breakOutside(1) }]);
    expect(breaksRefused('13:00-14:00;12:00-13:30')).toEqual([
      { column: 'breaks', reason: rotaReasons.breaksOverlap(1, 2) },
    ]);
  });

  it('does not judge breaks against a shift that is itself refused', () => {
    expect(refused(rotaShifts, { ...valid, starts: '9am', breaks: '08:00-08:30' })).toEqual([
      { column: 'starts', reason: 'not a time of day written HH:MM (00:00 to 23:59)' },
    ]);
  });

  it('accepts breaks exactly when every minute of each is in the shift and in no other break', () => {
    // Oracle: mark the minutes of the day each break takes; the rule holds when no minute is taken twice
    // and none is outside the shift.
    const minute = fc.integer({ min: 0, max: 24 * 60 - 1 });
    const span = fc.tuple(minute, minute).filter(([a, b]) => a < b);
    fc.assert(
      fc.property(span, fc.array(span, { maxLength: 4 }), ([starts, ends], breaks) => {
        const cells = {
          ...valid,
          starts: formatTime(starts),
          ends: formatTime(ends),
          breaks: breaks.map(([a, b]) => `${formatTime(a)}-${formatTime(b)}`).join(';'),
        };
        const taken = new Array<number>(24 * 60).fill(0);
        for (const [a, b] of breaks) for (let m = a; m < b; m += 1) taken[m]! += 1;
        const fits = taken.every((count, m) => count === 0 || (count === 1 && m >= starts && m < ends));
        expect(rotaShifts.parse(rowOf(rotaShifts, cells), context).ok).toBe(fits);
      }),
    );
  });
});
