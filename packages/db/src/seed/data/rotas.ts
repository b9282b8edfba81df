import type { OpeningHoursSeed, ShiftSeed } from './types.ts';

const LUNCH = [['13:00', '14:00']] as const;
const NURSE_LUNCH = [['12:30', '13:00']] as const;
const SATURDAY_MORNING: ShiftSeed = { day: 6, start: '09:00', end: '13:00', breaks: [] };

function onDays(
  days: readonly number[],
  start: string,
  end: string,
  breaks: ShiftSeed['breaks'],
): ShiftSeed[] {
  return days.map((day) => ({ day, start, end, breaks }));
}

const WEEKDAYS = [1, 2, 3, 4, 5] as const;

/** Weekly rotas the demo clinicians share; each lies inside the opening hours of the practices using it. */
export const ROTAS = {
  vetFullTime: onDays(WEEKDAYS, '08:30', '18:30', LUNCH),
  /** Works Saturday mornings and has Friday off. */
  vetWithSaturdays: [...onDays([1, 2, 3, 4], '08:30', '18:30', LUNCH), SATURDAY_MORNING],
  /** Covers the evening surgery. */
  vetLate: onDays([2, 3, 4, 5], '11:00', '19:00', [['15:00', '15:30']]),
  vetPartTime: onDays([1, 2, 3], '09:00', '17:00', LUNCH),
  nurseFullTime: onDays(WEEKDAYS, '08:00', '16:30', NURSE_LUNCH),
  nurseWithSaturdays: [...onDays([3, 4, 5], '08:00', '16:30', NURSE_LUNCH), SATURDAY_MORNING],
} as const satisfies Record<string, readonly ShiftSeed[]>;

/** Most practices: Mon–Fri 08:00–19:00, Sat 09:00–13:00. */
export const STANDARD_HOURS: readonly OpeningHoursSeed[] = [
  ...WEEKDAYS.map((day) => ({ day, opens: '08:00', closes: '19:00' })),
  { day: 6, opens: '09:00', closes: '13:00' },
];

/** A rural practice: shorter weekday evenings and closed at weekends. */
export const WEEKDAY_HOURS: readonly OpeningHoursSeed[] = WEEKDAYS.map((day) => ({
  day,
  opens: '08:00',
  closes: '18:30',
}));
