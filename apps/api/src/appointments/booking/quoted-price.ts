import { practiceDate } from '@vet/contracts/practice-clock';
import type { FromPrice } from '@vet/contracts/practice-prices';
import type { Executor } from '@vet/db/connection';
import { pets } from '@vet/db/schema/clients';
import { species } from '@vet/db/schema/lookups';
import { eq } from 'drizzle-orm';
import { createPracticePricesRepository } from '../../reference/index.ts';
import type { ReadyContext } from './slot-search.ts';

/**
 * The price an appointment is quoted (issue 62, decision 0145): its reason's price in force on the
 * appointment's day at the practice (not on the day it is booked), in the pet's band. Read in the
 * booking's transaction, so that what is stored, shown and e-mailed is one price.
 */
export function quotePrice(
  executor: Executor,
  quote: { practiceId: number; reasonId: number; startsAt: Date; speciesCode: string | null },
): Promise<FromPrice | null> {
  return quotePriceOnDay(executor, { ...quote, day: practiceDate(quote.startsAt) });
}

/** The quote of a booking's context (practice, reason, pet) at a start. */
export const quoteAt = (executor: Executor, context: ReadyContext, startsAt: Date) =>
  quotePrice(executor, {
    practiceId: context.practice.practiceId,
    reasonId: context.reason.appointmentReasonId,
    startsAt,
    speciesCode: context.pet?.speciesCode ?? null,
  });

/** The quote of a day of the practice's calendar (YYYY-MM-DD): what the check step shows. */
export function quotePriceOnDay(
  executor: Executor,
  quote: { practiceId: number; reasonId: number; day: string; speciesCode: string | null },
): Promise<FromPrice | null> {
  return createPracticePricesRepository(executor).findReasonPriceOnDay(
    quote.practiceId,
    quote.reasonId,
    quote.day,
    quote.speciesCode,
  );
}

/** The appointment's columns that keep a quote; a later price-list change never rewrites them. */
export const quotedColumns = (price: FromPrice | null) => ({
  quotedPricePence: price?.amountPence ?? null,
  quotedPriceIncludes: price?.includes ?? null,
});

/** A species' code (a guest's pet, registered in the booking's transaction, has no context of its own). */
export async function speciesCodeOf(executor: Executor, speciesId: number): Promise<string | null> {
  const [row] = await executor.select({ code: species.code }).from(species).where(eq(species.id, speciesId));
  return row?.code ?? null;
}

/** A pet's species code, for a move made outside a booking's context (an earlier time taken). */
export async function petSpeciesCode(executor: Executor, petId: number): Promise<string | null> {
  const [row] = await executor
    .select({ code: species.code })
    .from(pets)
    .innerJoin(species, eq(species.id, pets.speciesId))
    .where(eq(pets.id, petId));
  return row?.code ?? null;
}
