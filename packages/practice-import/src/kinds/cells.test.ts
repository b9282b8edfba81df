import { describe, expect, it } from 'vitest';
import { RowCells, compareInstants, isInstant, isIsoDate, reasons, required } from './cells.ts';

const cellsOf = (row: Record<string, string>) => new RowCells(row);

describe('RowCells', () => {
  it('trims text, reads an empty or blank cell as null, and refuses it when required', () => {
    const cells = cellsOf({ a: '  Harrogate  ', b: '', c: '   ' });
    expect(cells.text('a')).toBe('Harrogate');
    expect(cells.text('b')).toBeNull();
    expect(cells.text('c', required)).toBeNull();
    expect(cells.text('not-in-the-header')).toBeNull();
    expect(cells.refusals).toEqual([{ column: 'c', reason: reasons.required }]);
  });

  it('refuses text longer than its limit, without quoting it', () => {
    const cells = cellsOf({ a: 'x'.repeat(41), b: ` ${'y'.repeat(40)} ` });
    expect(cells.text('a', { maxLength: 40 })).toBeNull();
    expect(cells.text('b', { maxLength: 40 })).toBe('y'.repeat(40));
    expect(cells.refusals).toEqual([{ column: 'a', reason: 'longer than 40 characters' }]);
  });

  it('reads true and false in any case, the default when empty, and refuses anything else', () => {
    const cells = cellsOf({ a: 'TRUE', b: 'False', c: '', d: 'yes', e: '1' });
    expect(cells.boolean('a', false)).toBe(true);
    expect(cells.boolean('b', true)).toBe(false);
    expect(cells.boolean('c', true)).toBe(true);
    expect(cells.boolean('c', false)).toBe(false);
    cells.boolean('d', true);
    cells.boolean('e', false);
    expect(cells.refusals).toEqual([
      { column: 'd', reason: 'not true or false (empty means true)' },
      { column: 'e', reason: 'not true or false (empty means false)' },
    ]);
  });

  it('reads whole numbers within their range only', () => {
    const range = { min: 1, max: 7 };
    const cells = cellsOf({ a: '7', b: '07', c: '0', d: '8', e: '1.5', f: '-1', g: 'one', h: '1e0', i: '' });
    expect(cells.integer('a', range)).toBe(7);
    expect(cells.integer('b', range)).toBe(7);
    for (const column of ['c', 'd', 'e', 'f', 'g', 'h']) expect(cells.integer(column, range)).toBeNull();
    expect(cells.integer('i', range)).toBeNull();
    expect(cells.refusals.map((r) => r.column)).toEqual(['c', 'd', 'e', 'f', 'g', 'h']);
    expect(cells.refusals[0]!.reason).toBe('not a whole number from 1 to 7');
  });

  it('reads real dates written YYYY-MM-DD only', () => {
    expect(['2024-02-29', '2026-12-31', '0001-01-01'].every(isIsoDate)).toBe(true);
    expect(
      ['2026-02-29', '2026-02-30', '2026-13-01', '2026-1-5', '05/01/2026', '2026-01-01T00:00'].some(
        isIsoDate,
      ),
    ).toBe(false);
    const cells = cellsOf({ a: '2026-02-30' });
    expect(cells.date('a')).toBeNull();
    expect(cells.refusals).toEqual([{ column: 'a', reason: reasons.date }]);
  });

  it('reads times of day HH:MM from 00:00 to 23:59 only', () => {
    const cells = cellsOf({ a: '00:00', b: '23:59', c: '24:00', d: '9:00', e: '09:00:00', f: '12:60' });
    expect(cells.time('a')).toBe('00:00');
    expect(cells.time('b')).toBe('23:59');
    for (const column of ['c', 'd', 'e', 'f']) expect(cells.time(column)).toBeNull();
    expect(cells.refusals.map((r) => r.reason)).toEqual(Array(4).fill(reasons.time));
  });

  it('reads instants in ISO 8601 with their offset only, on real dates', () => {
    const good = ['2026-03-29T01:30Z', '2026-03-29T01:30:00+01:00', '2026-03-29T01:30:00.123456-05:30'];
    const bad = [
      '2026-03-29T01:30:00',
      '2026-03-29 01:30:00Z',
      '2026-02-30T10:00:00Z',
      '2026-03-29T24:00:00Z',
      '2026-03-29T10:00:00+0100',
    ];
    expect(good.every(isInstant)).toBe(true);
    expect(bad.some(isInstant)).toBe(false);
    expect(compareInstants('2026-06-01T10:00:00+01:00', '2026-06-01T09:00:00Z')).toBe(0);
  });

  it('reads a value of a list in any case, staged as the list writes it', () => {
    const cells = cellsOf({ a: 'vet', b: 'NURSE', c: 'Receptionist' });
    expect(cells.oneOf('a', ['Vet', 'Nurse'])).toBe('Vet');
    expect(cells.oneOf('b', ['Vet', 'Nurse'])).toBe('Nurse');
    expect(cells.oneOf('c', ['Vet', 'Nurse'])).toBeNull();
    expect(cells.refusals).toEqual([{ column: 'c', reason: 'not one of Vet, Nurse' }]);
  });

  it('refuses a row whose end is not after its start, naming both columns', () => {
    const cells = cellsOf({});
    cells.ordered(['opens', '09:00'], ['closes', '09:00'], { strict: true });
    cells.ordered(['valid_from', '2026-01-02'], ['valid_to', '2026-01-01'], { strict: false });
    cells.ordered(['valid_from', '2026-01-01'], ['valid_to', '2026-01-01'], { strict: false });
    cells.ordered(['starts_at', '2026-06-01T10:00:00+01:00'], ['ends_at', '2026-06-01T08:30:00Z'], {
      strict: true,
      compare: compareInstants,
    });
    cells.ordered(['opens', null], ['closes', '08:00'], { strict: true });
    expect(cells.refusals).toEqual([
      { column: null, reason: 'closes is not after opens' },
      { column: null, reason: 'valid_to is before valid_from' },
      { column: null, reason: 'ends_at is not after starts_at' },
    ]);
    expect(cells.result({}).ok).toBe(false);
  });
});
