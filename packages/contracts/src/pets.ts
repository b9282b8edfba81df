import { z } from 'zod';
import { serialIdParam } from './ids.ts';

export const petSexes = ['Male', 'Female'] as const;
export const petStatuses = ['Active', 'Deceased'] as const;

/** A pet as the portal shows it (product.md "Pets"); names of lookups come with their ids. */
export const petSchema = z.object({
  petId: z.number().int(),
  name: z.string(),
  speciesId: z.number().int(),
  speciesName: z.string(),
  breedId: z.number().int().nullable(),
  breedName: z.string().nullable(),
  colourId: z.number().int().nullable(),
  colourName: z.string().nullable(),
  sex: z.enum(petSexes),
  neutered: z.boolean(),
  /** YYYY-MM-DD */
  dateOfBirth: z.string().nullable(),
  microchipNumber: z.string().nullable(),
  insurerId: z.number().int().nullable(),
  insurerName: z.string().nullable(),
  policyNumber: z.string().nullable(),
  awaitingInitialConsultation: z.boolean(),
  status: z.enum(petStatuses),
});
export type Pet = z.infer<typeof petSchema>;
export const petsResponseSchema = z.array(petSchema);
export const petIdParamsSchema = z.object({ petId: serialIdParam });

/**
 * Spec 3/7: the pet list sorted ascending by a chosen field, ties broken by petId ascending, sliced to a
 * count, returning the slice plus the total (the pets menu shows the first 3 by name).
 */
export function sortAndSlicePets<T extends { petId: number }>(
  pets: readonly T[],
  field: keyof T,
  count: number,
): { total: number; slicedData: T[] } {
  const sorted = [...pets].sort((a, b) => {
    const x = a[field];
    const y = b[field];
    const byField =
      typeof x === 'string' && typeof y === 'string'
        ? x.localeCompare(y, 'en-GB', { sensitivity: 'base' })
        : Number(x > y) - Number(x < y);
    return byField !== 0 ? byField : a.petId - b.petId;
  });
  return { total: pets.length, slicedData: sorted.slice(0, count) };
}
