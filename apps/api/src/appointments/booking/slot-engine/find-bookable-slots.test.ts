import { addDays, formatTime, practiceOffset, type ZoneOffset } from '@vet/contracts/practice-clock';
import { icuOffset } from '@vet/contracts/testing/icu-zones';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bruteForceSlots } from './brute-force-slots.ts';
import { findBookableSlots } from './find-bookable-slots.ts';
import { localDate } from './working-time.ts';
import type { BusyTime, ClinicianRota, RotaShift, SlotQuery, SlotSettings } from './types.ts';

const MINUTE = 60_000;
const london: SlotSettings = {
  offsetOf: practiceOffset,
  gridMinutes: 15,
  minNoticeMinutes: 120,
  horizonDays: 56,
};
const iso = (slots: { startsAt: number }[]) => slots.map((s) => new Date(s.startsAt).toISOString());
const shift = (
  dayOfWeek: number,
  startsAt: string,
  endsAt: string,
  breaks: RotaShift['breaks'] = [],
): RotaShift => ({
  dayOfWeek,
  startsAt,
  endsAt,
  validFrom: null,
  validTo: null,
  breaks,
});

/**
 * The zones the rules are held in: the practices' clock as the API runs it (UK time, by its rule) and
 * others by ICU: a half-hour zone (Kolkata), one changing on other days (New York) and one moving its
 * clocks by half an hour (Lord Howe). London is drawn three times in seven.
 */
const zones: Record<string, ZoneOffset> = {
  'Europe/London': practiceOffset,
  UTC: icuOffset('UTC'),
  'America/New_York': icuOffset('America/New_York'),
  'Asia/Kolkata': icuOffset('Asia/Kolkata'),
  'Australia/Lord_Howe': icuOffset('Australia/Lord_Howe'),
};
const zoneNames = [
  'Europe/London',
  'Europe/London',
  'Europe/London',
  'UTC',
  'America/New_York',
  'Asia/Kolkata',
  'Australia/Lord_Howe',
];
/** The zone's clock changes of 2026, each with the day before; zones without changes take London's. */
const changeDays: Record<string, string[]> = {
  'Europe/London': ['2026-03-28', '2026-03-29', '2026-10-24', '2026-10-25'],
  'America/New_York': ['2026-03-07', '2026-03-08', '2026-10-31', '2026-11-01'],
  'Australia/Lord_Howe': ['2026-04-04', '2026-04-05', '2026-10-03', '2026-10-04'],
};

/** Random small worlds: a few days around a date of 2026 (the zone's changes included), a few clinicians. */
const zoneAndFirstDate = fc.constantFrom(...zoneNames).chain((timeZone) =>
  fc.record({
    timeZone: fc.constant(timeZone),
    fromDate: fc.oneof(
      fc.constantFrom(...(changeDays[timeZone] ?? changeDays['Europe/London']!)),
      fc.integer({ min: 0, max: 364 }).map((d) => addDays('2026-01-01', d)),
    ),
  }),
);
const minuteOfDay = (step: number) => fc.integer({ min: 0, max: 1440 / step }).map((n) => n * step);
const shiftArbitrary = fc
  .record({
    dayOfWeek: fc.integer({ min: 1, max: 7 }),
    start: minuteOfDay(5),
    length: fc.integer({ min: 10, max: 600 }),
    breaks: fc.array(
      fc.record({ offset: fc.integer({ min: 0, max: 300 }), length: fc.integer({ min: 1, max: 60 }) }),
      {
        maxLength: 2,
      },
    ),
    validity: fc.option(fc.integer({ min: -2, max: 4 }), { nil: null }),
  })
  .filter((s) => s.start + s.length <= 1440);

const worldArbitrary = fc
  .record({
    zone: zoneAndFirstDate,
    days: fc.integer({ min: 1, max: 3 }),
    nowBefore: fc.integer({ min: -600, max: 2880 }),
    gridMinutes: fc.constantFrom(5, 10, 15, 20, 30, 60),
    minNoticeMinutes: fc.integer({ min: 0, max: 240 }),
    horizonDays: fc.integer({ min: 1, max: 5 }),
    durationMinutes: fc.integer({ min: 5, max: 90 }),
    rotas: fc.array(fc.array(shiftArbitrary, { maxLength: 5 }), { minLength: 1, maxLength: 3 }),
    busy: fc.array(
      fc.record({
        who: fc.integer({ min: -1, max: 2 }),
        at: fc.integer({ min: 0, max: 4 * 1440 }),
        length: fc.integer({ min: 1, max: 240 }),
      }),
      { maxLength: 8 },
    ),
  })
  .map(({ zone: { timeZone, fromDate }, ...w }): SlotQuery => {
    const toDate = addDays(fromDate, w.days - 1);
    const startMs = Date.parse(`${fromDate}T00:00:00Z`);
    const clinicians: ClinicianRota[] = w.rotas.map((shifts, index) => ({
      clinicianId: index + 1,
      shifts: shifts.map((s) => ({
        dayOfWeek: s.dayOfWeek,
        startsAt: formatTime(s.start),
        endsAt: formatTime(s.start + s.length),
        validFrom: s.validity === null ? null : addDays(fromDate, s.validity),
        validTo: s.validity === null ? null : addDays(fromDate, s.validity + 1),
        breaks: s.breaks
          .map((b) => ({
            start: s.start + b.offset,
            end: Math.min(s.start + b.offset + b.length, s.start + s.length),
          }))
          .filter((b) => b.end > b.start)
          .map((b) => ({ startsAt: formatTime(b.start), endsAt: formatTime(b.end) })),
      })),
    }));
    const busy: BusyTime[] = w.busy.map((b) => ({
      clinicianId: b.who < 0 ? null : b.who + 1,
      start: startMs + (b.at - 720) * MINUTE,
      end: startMs + (b.at - 720 + b.length) * MINUTE,
    }));
    return {
      settings: {
        offsetOf: zones[timeZone]!,
        gridMinutes: w.gridMinutes,
        minNoticeMinutes: w.minNoticeMinutes,
        horizonDays: w.horizonDays,
      },
      now: new Date(startMs - w.nowBefore * MINUTE),
      fromDate,
      toDate,
      durationMinutes: w.durationMinutes,
      clinicians,
      busy,
    };
  });

describe('findBookableSlots', () => {
  it('agrees with a minute-by-minute brute force on random rotas, closures and bookings', () => {
    fc.assert(
      fc.property(worldArbitrary, (query) => {
        expect(findBookableSlots(query)).toEqual(bruteForceSlots(query));
      }),
      // About 30 runs a zone, London 90.
      { numRuns: 210 },
    );
  }, 120_000);

  // A booking re-checks its start by searching that start's day alone (bookableSlotAt): it must find
  // exactly what a search of several days offers on that day.
  it('offers on each day the same starts and clinicians whether that day is searched alone or with others', () => {
    fc.assert(
      fc.property(worldArbitrary, (query) => {
        const wide = findBookableSlots(query);
        for (let date = query.fromDate; date <= query.toDate; date = addDays(date, 1)) {
          const alone = findBookableSlots({ ...query, fromDate: date, toDate: date });
          expect(alone).toEqual(
            wide.filter((slot) => localDate(slot.startsAt, query.settings.offsetOf) === date),
          );
        }
      }),
      { numRuns: 150 },
    );
  }, 120_000);

  it('never offers a start at which the chosen clinician has a booking overlapping the duration', () => {
    fc.assert(
      fc.property(worldArbitrary, (query) => {
        for (const slot of findBookableSlots(query)) {
          const end = slot.startsAt + query.durationMinutes * MINUTE;
          for (const id of slot.clinicianIds) {
            const clash = query.busy.some(
              (b) =>
                (b.clinicianId === null || b.clinicianId === id) && b.start < end && slot.startsAt < b.end,
            );
            expect(clash).toBe(false);
          }
        }
      }),
      { numRuns: 100 },
    );
  });

  const nineToFive = (dayOfWeek: number): ClinicianRota => ({
    clinicianId: 7,
    shifts: [shift(dayOfWeek, '09:00', '17:00', [{ startsAt: '12:00', endsAt: '13:00' }])],
  });
  const day = (date: string, dayOfWeek: number, busy: BusyTime[] = []): SlotQuery => ({
    settings: london,
    now: new Date('2026-03-01T00:00:00Z'),
    fromDate: date,
    toDate: date,
    durationMinutes: 30,
    clinicians: [nineToFive(dayOfWeek)],
    busy,
  });

  it('keeps local times on 29 March 2026, when the clocks go forward (09:00 BST is 08:00 UTC)', () => {
    const slots = iso(findBookableSlots(day('2026-03-29', 7)));
    expect(slots[0]).toBe('2026-03-29T08:00:00.000Z');
    expect(slots.at(-1)).toBe('2026-03-29T15:30:00.000Z');
    expect(slots).not.toContain('2026-03-29T11:00:00.000Z'); // 12:00 BST, the break
    expect(slots).toHaveLength(11 + 15); // 09:00–11:30 and 13:00–16:30 BST, every 15 minutes
    expect(findBookableSlots(day('2026-03-28', 6)).map((s) => s.startsAt)[0]).toBe(
      Date.parse('2026-03-28T09:00:00Z'),
    );
  });

  it('keeps local times on 25 October 2026, when the clocks go back (09:00 GMT is 09:00 UTC)', () => {
    const slots = iso(findBookableSlots({ ...day('2026-10-25', 7), now: new Date('2026-10-01T00:00:00Z') }));
    expect(slots[0]).toBe('2026-10-25T09:00:00.000Z');
    expect(slots.at(-1)).toBe('2026-10-25T16:30:00.000Z');
    const saturday = iso(
      findBookableSlots({ ...day('2026-10-24', 6), now: new Date('2026-10-01T00:00:00Z') }),
    );
    expect(saturday[0]).toBe('2026-10-24T08:00:00.000Z');
  });

  it('offers the hour the clocks repeat twice, and none the clocks skip, to a clinician working through the night', () => {
    const night: ClinicianRota = { clinicianId: 1, shifts: [shift(7, '00:00', '03:00')] };
    const query = (date: string): SlotQuery => ({
      ...day(date, 7),
      now: new Date(`${date.slice(0, 8)}01T00:00:00Z`),
      durationMinutes: 60,
      settings: { ...london, gridMinutes: 60 },
      clinicians: [night],
    });
    // 29 March: 00:00 GMT to 03:00 BST is two real hours, 00:00 GMT and 02:00 BST (01:00 GMT does not exist).
    expect(iso(findBookableSlots(query('2026-03-29')))).toEqual([
      '2026-03-29T00:00:00.000Z',
      '2026-03-29T01:00:00.000Z',
    ]);
    // 25 October: 00:00 BST to 03:00 GMT is four real hours; 01:00 happens twice.
    expect(iso(findBookableSlots(query('2026-10-25')))).toEqual([
      '2026-10-24T23:00:00.000Z',
      '2026-10-25T00:00:00.000Z',
      '2026-10-25T01:00:00.000Z',
      '2026-10-25T02:00:00.000Z',
    ]);
  });

  it('honours the notice, the horizon, closures, bookings and the count of free clinicians', () => {
    const base = { ...day('2026-06-01', 1), now: new Date('2026-05-20T00:00:00Z') };
    const now = new Date('2026-06-01T08:00:00Z'); // 09:00 BST: the first start is 11:00 BST
    expect(iso(findBookableSlots({ ...base, now }))[0]).toBe('2026-06-01T10:00:00.000Z');
    expect(
      findBookableSlots({
        ...base,
        now: new Date('2026-05-20T00:00:00Z'),
        settings: { ...london, horizonDays: 7 },
      }),
    ).toEqual([]);
    const closed = findBookableSlots({
      ...base,
      busy: [
        {
          clinicianId: null,
          start: Date.parse('2026-06-01T08:00:00Z'),
          end: Date.parse('2026-06-01T16:00:00Z'),
        },
      ],
    });
    expect(closed).toEqual([]);
    const two = findBookableSlots({
      ...base,
      clinicians: [nineToFive(1), { ...nineToFive(1), clinicianId: 3 }],
      busy: [
        {
          clinicianId: 7,
          start: Date.parse('2026-06-01T08:00:00Z'),
          end: Date.parse('2026-06-01T08:30:00Z'),
        },
      ],
    });
    expect(two[0]).toEqual({ startsAt: Date.parse('2026-06-01T08:00:00Z'), clinicianIds: [3] });
    expect(two[2]).toEqual({ startsAt: Date.parse('2026-06-01T08:30:00Z'), clinicianIds: [3, 7] });
  });

  it('gives the same answer whatever the server’s own time zone', () => {
    const query = { ...day('2026-03-29', 7), now: new Date('2026-03-01T00:00:00Z') };
    const expected = findBookableSlots(query);
    const original = process.env.TZ;
    try {
      for (const zone of ['UTC', 'Pacific/Auckland', 'America/Los_Angeles', 'Asia/Kolkata']) {
        process.env.TZ = zone;
        expect(findBookableSlots(query)).toEqual(expected);
      }
    } finally {
      if (original === undefined) delete process.env.TZ;
      else process.env.TZ = original;
    }
  });
});
