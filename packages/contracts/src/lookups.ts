import { z } from 'zod';
import { serialIdParam } from './ids.ts';

export const speciesCodes = [
  'Custom',
  'Canine',
  'Feline',
  'Bird',
  'Rabbit',
  'Fish',
  'Rodent',
  'Reptile',
  'Ferret',
] as const;
export const clinicianTypes = ['Unknown', 'Vet', 'Nurse'] as const;

export const salutationSchema = z.object({
  salutationId: z.number().int(),
  salutationDescription: z.string(),
});
export const salutationsResponseSchema = z.array(salutationSchema);

export const speciesSchema = z.object({
  speciesId: z.number().int(),
  name: z.string(),
  code: z.enum(speciesCodes),
});
export const speciesResponseSchema = z.array(speciesSchema);

export const breedSchema = z.object({
  breedId: z.number().int(),
  speciesId: z.number().int(),
  name: z.string(),
  /**
   * Other names the breed is known by (`Alsatian` for German Shepherd Dog), so a form can match what an
   * owner types against them too (decision 0096). Absent when it has none: most of a long list's bytes.
   */
  synonyms: z.array(z.string()).optional(),
});
export const breedsResponseSchema = z.array(breedSchema);

export const colourSchema = z.object({ colourId: z.number().int(), name: z.string() });
export const coloursResponseSchema = z.array(colourSchema);

export const insurerSchema = z.object({ insurerId: z.number().int(), name: z.string() });
export const insurersResponseSchema = z.array(insurerSchema);

export const speciesParamsSchema = z.object({ speciesId: serialIdParam });
export const breedParamsSchema = speciesParamsSchema.extend({
  breedId: serialIdParam,
});

export const appointmentReasonSchema = z.object({
  appointmentReasonId: z.number().int(),
  name: z.string(),
  durationMinutes: z.number().int(),
  clinicianType: z.enum(clinicianTypes),
  isInitialConsultation: z.boolean(),
  /** Empty when the reason applies to every species. */
  speciesIds: z.array(z.number().int()),
});
export const appointmentReasonsResponseSchema = z.array(appointmentReasonSchema);

export const cancellationReasonSchema = z.object({
  cancellationReasonId: z.number().int(),
  description: z.string(),
});
export const cancellationReasonsResponseSchema = z.array(cancellationReasonSchema);

export type Salutation = z.infer<typeof salutationSchema>;
export type Species = z.infer<typeof speciesSchema>;
export type Breed = z.infer<typeof breedSchema>;
export type Colour = z.infer<typeof colourSchema>;
export type Insurer = z.infer<typeof insurerSchema>;
export type AppointmentReason = z.infer<typeof appointmentReasonSchema>;
export type CancellationReason = z.infer<typeof cancellationReasonSchema>;
