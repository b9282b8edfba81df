import { practiceDate, practiceInstant, practiceWallTime } from '@vet/contracts/practice-clock';
import fc from 'fast-check';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { rebaseExportText, shiftInstantText, weeksFromAnchor } from './rebase-demo-export.ts';
import { renderDemoExport } from './write-demo-export.ts';

const rendered = renderDemoExport();
const text = (file: Parameters<typeof rendered.get>[0]) => rendered.get(file) ?? '';
const records = (csv: string) => parse<Record<string, string>>(csv, { columns: true });

describe('weeksFromAnchor', () => {
  it('counts whole weeks from the anchor week (2026-11-23) to the UK week holding today', () => {
    expect(weeksFromAnchor(practiceInstant('2026-11-23', '00:00'))).toBe(0);
    expect(weeksFromAnchor(practiceInstant('2026-11-29', '23:59'))).toBe(0);
    expect(weeksFromAnchor(practiceInstant('2026-11-30', '00:00'))).toBe(1);
    expect(weeksFromAnchor(practiceInstant('2027-04-05', '00:30'))).toBe(19);
    expect(weeksFromAnchor(practiceInstant('2026-11-22', '12:00'))).toBe(-1);
    // 23:30 UTC on a Sunday in summer is already Monday 00:30 in the UK: the next week.
    expect(weeksFromAnchor(new Date('2027-04-04T23:30:00Z'))).toBe(19);
  });
});

describe('shiftInstantText', () => {
  it('keeps the wall clock into British Summer Time, across the late-March change', () => {
    expect(shiftInstantText('2026-11-24T09:00:00+00:00', 19)).toBe('2027-04-06T09:00:00+01:00');
    expect(shiftInstantText('2027-03-22T09:00:00+00:00', 1)).toBe('2027-03-29T09:00:00+01:00');
    expect(shiftInstantText('2027-03-22T09:00:00+00:00', 0)).toBe('2027-03-22T09:00:00+00:00');
  });

  it('keeps the wall clock back into GMT, across the late-October change', () => {
    expect(shiftInstantText('2027-10-25T17:45:00+01:00', 1)).toBe('2027-11-01T17:45:00+00:00');
    expect(shiftInstantText('2026-11-24T09:00:00+00:00', -30)).toBe('2026-04-28T09:00:00+01:00');
  });

  it('keeps midnight at midnight (a bank holiday closure) and reads an instant written in UTC', () => {
    expect(shiftInstantText('2026-12-25T00:00:00+00:00', -30)).toBe('2026-05-29T00:00:00+01:00');
    expect(shiftInstantText('2026-06-01T08:00:00Z', 26)).toBe('2026-11-30T09:00:00+00:00');
  });

  it('moves a time the clocks skip on by the gap, on the day of the change itself', () => {
    expect(shiftInstantText('2027-03-21T00:30:00+00:00', 1)).toBe('2027-03-28T00:30:00+00:00');
    expect(shiftInstantText('2027-03-21T01:30:00+00:00', 1)).toBe('2027-03-28T02:30:00+01:00');
    expect(shiftInstantText('2027-10-24T01:30:00+01:00', 1)).toBe('2027-10-31T01:30:00+01:00');
  });
});

describe('rebaseExportText', () => {
  it('leaves a file as it is for no weeks, and files without dates for any', () => {
    expect(rebaseExportText('appointments.csv', text('appointments.csv'), 0)).toBe(text('appointments.csv'));
    expect(rebaseExportText('clients.csv', text('clients.csv'), 12)).toBe(text('clients.csv'));
  });

  it("moves every instant by whole weeks on the practice's clock, and nothing else", () => {
    const before = records(text('appointments.csv'));
    const after = records(rebaseExportText('appointments.csv', text('appointments.csv'), 20));
    expect(after).toHaveLength(before.length);
    after.forEach((row, i) => {
      const old = before[i]!;
      expect({ ...row, starts_at: '', ends_at: '' }).toEqual({ ...old, starts_at: '', ends_at: '' });
      for (const column of ['starts_at', 'ends_at']) {
        const [was, now] = [
          practiceWallTime(new Date(old[column]!)),
          practiceWallTime(new Date(row[column]!)),
        ];
        expect({ ...now, year: 0, month: 0, day: 0 }).toEqual({ ...was, year: 0, month: 0, day: 0 });
        const days =
          (Date.parse(practiceDate(new Date(row[column]!))) -
            Date.parse(practiceDate(new Date(old[column]!)))) /
          86_400_000;
        expect(days).toBe(140);
      }
    });
  });

  it('moves dates of birth and vaccinations by the same days, keeping quoted cells quoted', () => {
    const pets = records(rebaseExportText('pets.csv', text('pets.csv'), -3));
    expect(pets[0]?.date_of_birth).toBe('2020-09-02');
    const vaccinations = rebaseExportText('vaccinations.csv', text('vaccinations.csv'), 2);
    expect(vaccinations).toContain('"DHP (distemper, hepatitis, parvovirus)",2020-12-09,2021-12-09');
  });

  it('keeps history in the past and bookings ahead whatever the day it is loaded', () => {
    const appointments = text('appointments.csv');
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('2025-01-01T00:00:00Z'),
          max: new Date('2032-12-31T23:59:59Z'),
          noInvalidDate: true,
        }),
        (today) => {
          const rows = records(rebaseExportText('appointments.csv', appointments, weeksFromAnchor(today)));
          for (const row of rows) {
            if (row.status === 'Completed') expect(new Date(row.ends_at!) <= today).toBe(true);
            else expect(new Date(row.starts_at!) > today).toBe(true);
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});
