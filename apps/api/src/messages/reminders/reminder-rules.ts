import {
  addDays,
  practiceDate,
  practiceInstant,
  clockTime,
  practiceWallTime,
} from '@vet/contracts/practice-clock';
import { endOfQuietHours } from '@vet/email/quiet-hours';

/**
 * When a practice reminds its clients of an appointment (decision 0085): each rule is a number of days
 * before the appointment's day, and either the appointment's own clock time (`at` absent: "two days
 * before" is 48 hours before on the practices' clocks) or a time of day ("08:00 on the day").
 */
export interface ReminderRule {
  daysBefore: number;
  at?: string;
}

/** R2.40's default: two days before, and at 08:00 on the day. */
export const defaultReminderRules: readonly ReminderRule[] = [
  { daysBefore: 2 },
  { daysBefore: 0, at: '08:00' },
];

/** The practice_feature_settings key whose value (JSON, a list of rules) overrides the default. */
export const reminderRulesSettingKey = 'appointment-reminders';

/** Rules as far ahead as this are honoured: the queue looks no further. */
export const maxDaysBefore = 14;

const timeShape = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * A practice's stored setting, read strictly: anything that is not a list of valid rules (days 0–14,
 * HH:MM times) falls back to the default rather than silencing the practice's reminders. An empty list
 * is the practice switching reminders off.
 */
export function parseReminderRules(value: string | null | undefined): readonly ReminderRule[] {
  if (value === null || value === undefined) return defaultReminderRules;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return defaultReminderRules;
  }
  if (!Array.isArray(parsed)) return defaultReminderRules;
  const rules: ReminderRule[] = [];
  for (const item of parsed) {
    const { daysBefore, at } = (item ?? {}) as { daysBefore?: unknown; at?: unknown };
    if (
      typeof daysBefore !== 'number' ||
      !Number.isInteger(daysBefore) ||
      daysBefore < 0 ||
      daysBefore > maxDaysBefore
    ) {
      return defaultReminderRules;
    }
    if (at !== undefined && (typeof at !== 'string' || !timeShape.test(at))) return defaultReminderRules;
    rules.push(at === undefined ? { daysBefore } : { daysBefore, at });
  }
  return rules;
}

/** The reminder's kind, part of its once-only key: 'd2', 'd0@08:00'. */
export function reminderKind(rule: ReminderRule): string {
  return rule.at === undefined ? `d${rule.daysBefore}` : `d${rule.daysBefore}@${rule.at}`;
}

/**
 * When a rule's reminder of an appointment goes: the rule's instant on the practices' clocks (GMT or BST
 * as that day has it), moved out of quiet hours to the 08:00 that ends them; null when that is not before
 * the appointment starts (an 07:30 appointment gets no "08:00 on the day" reminder).
 */
export function reminderDueAt(rule: ReminderRule, startsAt: Date): Date | null {
  const day = addDays(practiceDate(startsAt), -rule.daysBefore);
  const nominal = practiceInstant(day, rule.at ?? clockTime(practiceWallTime(startsAt)));
  const due = endOfQuietHours(nominal);
  return due.getTime() < startsAt.getTime() ? due : null;
}
