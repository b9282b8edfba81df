import { z } from 'zod';
import { priceListSchema } from './practice-prices.ts';

/** 'HH:MM' on a 24-hour clock, in the practice's UK time; '24:00' (PostgreSQL's end of day) closes at midnight. */
const clockTime = z.string().regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/);

/** A day the practice opens: ISO day of week (1 = Monday); a day with no entry is closed. */
export const openingHoursSchema = z.object({
  dayOfWeek: z.number().int().min(1).max(7),
  opens: clockTime,
  closes: clockTime,
});
export type OpeningHours = z.infer<typeof openingHoursSchema>;

/** A time the whole practice is closed (a bank holiday, a training afternoon). */
export const practiceClosureSchema = z.object({
  startsAt: z.iso.datetime({ offset: true }),
  endsAt: z.iso.datetime({ offset: true }),
  reason: z.string().nullable(),
});
export type PracticeClosure = z.infer<typeof practiceClosureSchema>;

/** How far ahead GET /client/practice lists closures: the next 8 weeks. */
export const homePracticeClosureDays = 56;

/**
 * GET /client/practice: the signed-in client's home practice, as "Your practice" shows it (R2.33):
 * where it is, its phone, its weekly opening hours (Monday first) and its practice-wide closures from now
 * to `homePracticeClosureDays` ahead, by start; who owns it and its price list (decision 0104).
 */
export const homePracticeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  addressLine1: z.string(),
  addressLine2: z.string().nullable(),
  town: z.string(),
  county: z.string().nullable(),
  postcode: z.string(),
  phone: z.string(),
  openingHours: z.array(openingHoursSchema),
  closures: z.array(practiceClosureSchema),
  /** Who owns the practice, as the group records it (decision 0104); null when not given. */
  ownerName: z.string().nullable(),
  /** Its price list in force today, by name: common services and online appointment reasons. */
  priceList: priceListSchema,
});
export type HomePractice = z.infer<typeof homePracticeSchema>;
