import { describe, expect, it } from 'vitest';
import { reasons } from './cells.ts';
import { closures } from './closures.ts';
import { accepted, refused } from './testing/kind-fixtures.ts';
import { validRows } from './testing/valid-rows.ts';

const valid = validRows['closures.csv'];

describe('closures.csv', () => {
  it('stages a clinician’s absence, or the whole practice’s closure when clinician_ref is empty', () => {
    expect(accepted(closures, valid)).toEqual({
      closure_ref: 'X1',
      practice_ref: 'P1',
      clinician_ref: 'C1',
      starts_at: '2026-12-25T00:00:00Z',
      ends_at: '2026-12-26T00:00:00+00:00',
      reason: 'Christmas Day',
    });
    expect(accepted(closures, { ...valid, clinician_ref: ' ', reason: '' })).toMatchObject({
      clinician_ref: null,
      reason: null,
    });
  });

  it('refuses an instant without its offset', () => {
    expect(refused(closures, { ...valid, starts_at: '2026-12-25T00:00:00' })).toEqual([
      { column: 'starts_at', reason: reasons.instant },
    ]);
    expect(refused(closures, { ...valid, ends_at: '26/12/2026' })).toEqual([
      { column: 'ends_at', reason: reasons.instant },
    ]);
  });

  it('refuses an end at or before the start, whatever offsets they are written in', () => {
    const endsBefore = { ...valid, starts_at: '2026-06-01T10:00:00+01:00', ends_at: '2026-06-01T08:59:00Z' };
    expect(refused(closures, endsBefore)).toEqual([
      { column: null, reason: 'ends_at is not after starts_at' },
    ]);
    const same = { ...valid, starts_at: '2026-06-01T10:00:00+01:00', ends_at: '2026-06-01T09:00:00Z' };
    expect(refused(closures, same)).toEqual([{ column: null, reason: 'ends_at is not after starts_at' }]);
    expect(accepted(closures, { ...same, ends_at: '2026-06-01T09:01:00Z' }).ends_at).toBe(
      '2026-06-01T09:01:00Z',
    );
  });
});
