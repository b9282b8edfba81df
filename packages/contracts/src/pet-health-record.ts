import { z } from 'zod';

/** A vaccination the practice's system recorded for the pet: its own entry on the record. */
export const givenVaccinationSchema = z.object({
  vaccinationId: z.number().int(),
  vaccine: z.string(),
  /** YYYY-MM-DD */
  givenOn: z.string(),
  /** YYYY-MM-DD: when this dose's protection runs out, as the practice recorded it; null when none. */
  dueOn: z.string().nullable(),
});
export type GivenVaccination = z.infer<typeof givenVaccinationSchema>;

/**
 * A vaccine the pet is due: the due date of its latest dose (an earlier dose's date is superseded by the
 * booster that followed it). `overdue`: the due date is before the practice's today (UK date, decision
 * 0055); a vaccination due today is due, not overdue.
 */
export const dueVaccinationSchema = z.object({
  vaccine: z.string(),
  /** YYYY-MM-DD */
  dueOn: z.string(),
  /** YYYY-MM-DD: the latest dose, the one this date is of. */
  lastGivenOn: z.string(),
  overdue: z.boolean(),
});
export type DueVaccination = z.infer<typeof dueVaccinationSchema>;

/**
 * GET /v2/pets/{petId}/health-record: the pet's vaccinations, for its page and its printable record.
 * `due` is empty for a pet that is no longer active (deceased, rehomed): nothing is due for it.
 */
export const petHealthRecordSchema = z.object({
  petId: z.number().int(),
  /** YYYY-MM-DD: the practice's date (UK) the due ones were judged against. */
  today: z.string(),
  /** The client's home practice, whose name heads the printed record. */
  practice: z.object({ name: z.string(), phone: z.string() }),
  /** One per vaccine with a due date, soonest first (ties by vaccine name). */
  due: z.array(dueVaccinationSchema),
  /** Every dose recorded, newest first (ties by vaccine name). */
  given: z.array(givenVaccinationSchema),
});
export type PetHealthRecord = z.infer<typeof petHealthRecordSchema>;
