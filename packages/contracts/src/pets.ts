import { z } from 'zod';
import { maxSerialId, serialId, serialIdParam } from './ids.ts';
import { petFieldMessages } from './pet-field-messages.ts';
import {
  defaultPetSliceSize,
  earliestDateOfBirth,
  microchipDigits,
  petNameMaxLength,
  petSexes,
  petSortFields,
  petStatuses,
  policyNumberMaxLength,
  practiceToday,
  recordedPetSexes,
} from './pet-rules.ts';

/** A pet as the portal shows it (R3.5); names of lookups come with their ids. */
export const petSchema = z.object({
  petId: z.number().int(),
  name: z.string(),
  speciesId: z.number().int(),
  speciesName: z.string(),
  breedId: z.number().int().nullable(),
  breedName: z.string().nullable(),
  colourId: z.number().int().nullable(),
  colourName: z.string().nullable(),
  /** Unknown only when the practice's system has none: a client registers Male or Female. */
  sex: z.enum(recordedPetSexes),
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

/** GET /v2/pets: every pet, by `sortBy` (name unless given). */
export const petListQuerySchema = z.object({ sortBy: z.enum(petSortFields).default('name') });

/** GET /v2/pets/slice: the first `take` pets by `sortBy`, with how many there are in all. */
export const petSliceQuerySchema = petListQuerySchema.extend({
  take: z.coerce.number().int().min(1).max(100).default(defaultPetSliceSize),
});

/** R3.6: `total` pets in all, and `slicedData`, the first of them in the order asked for. */
export const petSliceResponseSchema = z.object({
  total: z.number().int(),
  slicedData: z.array(petSchema),
});
export type PetSlice = z.infer<typeof petSliceResponseSchema>;

/** A value the client must choose: null (nothing chosen yet, as a form starts) fails with `message`. */
function chosen<T extends z.ZodType>(schema: T, message: string) {
  return schema.nullable().transform((value, ctx) => {
    if (value === null) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return value as NonNullable<z.output<T>>;
  });
}

/** A list choice by id; missing, null or not an id all fail with `message`. */
export const chosenId = (message: string) =>
  chosen(z.number({ error: message }).int(message).positive(message).max(maxSerialId, message), message);

const blankToNull = (value: string) => (value === '' ? null : value);

const microchipNumber = z
  .string()
  // Chips are often copied from a certificate in groups: spaces and hyphens are not part of the number.
  .transform((value) => value.replace(/[\s-]/g, ''))
  .superRefine((value, ctx) => {
    if (value === '') return;
    if (!/^\d+$/.test(value)) ctx.addIssue({ code: 'custom', message: petFieldMessages.microchipDigitsOnly });
    else if (value.length !== microchipDigits) {
      ctx.addIssue({ code: 'custom', message: petFieldMessages.microchipLength(value.length) });
    }
  })
  .transform(blankToNull);

const dateOfBirth = z
  .string({ error: petFieldMessages.dateOfBirthRequired })
  .trim()
  .min(1, petFieldMessages.dateOfBirthRequired)
  .pipe(
    // A date that does not exist stops at `abort`: it is neither too early nor too late.
    z.iso
      .date({ error: petFieldMessages.dateOfBirthInvalid, abort: true })
      // Judged at the moment of parsing, on the practices' calendar, by the browser and the API alike.
      .superRefine((value, ctx) => {
        const now = new Date();
        if (value > practiceToday(now)) {
          ctx.addIssue({ code: 'custom', message: petFieldMessages.dateOfBirthInFuture });
        } else if (value < earliestDateOfBirth(now)) {
          ctx.addIssue({ code: 'custom', message: petFieldMessages.dateOfBirthTooOld });
        }
      }),
  );

const optionalId = serialId.nullable().default(null);

const registerPetFields = {
  name: z
    .string({ error: petFieldMessages.nameRequired })
    .trim()
    .min(1, petFieldMessages.nameRequired)
    .max(petNameMaxLength, petFieldMessages.nameTooLong),
  speciesId: chosenId(petFieldMessages.speciesRequired),
  /** Required when the species has breeds: the API checks against the database, the form its list. */
  breedId: optionalId,
  /** Required when the breed has colours (as breedId). */
  colourId: optionalId,
  sex: chosen(z.enum(petSexes, { error: petFieldMessages.sexRequired }), petFieldMessages.sexRequired),
  neutered: chosen(
    z.boolean({ error: petFieldMessages.neuteredRequired }),
    petFieldMessages.neuteredRequired,
  ),
  dateOfBirth,
  microchipNumber: microchipNumber.nullable().default(null),
  insurerId: optionalId,
  policyNumber: z
    .string()
    .trim()
    .max(policyNumberMaxLength, petFieldMessages.policyNumberTooLong)
    .regex(/^[A-Za-z0-9 ./-]*$/, petFieldMessages.policyNumberCharacters)
    .transform(blankToNull)
    .nullable()
    .default(null),
};

const insurerAndPolicy = z.object({
  insurerId: registerPetFields.insurerId,
  policyNumber: registerPetFields.policyNumber,
});

/**
 * POST /v2/pets (R5.9): what a client gives when registering a pet online. Fields not listed here
 * (clientId, status, awaitingInitialConsultation, ...) are dropped: the API takes the client from the
 * signed-in identity and sets the rest itself. The form starts from nulls and empty strings, which fail
 * with the field's message. A policy number needs its insurer.
 */
export const registerPetBodySchema = z
  .object(registerPetFields)
  .refine((body) => body.policyNumber === null || body.insurerId !== null, {
    path: ['insurerId'],
    message: petFieldMessages.insurerForPolicy,
    // Checked as soon as these two fields are valid, whatever else is still missing.
    when: (payload) => insurerAndPolicy.safeParse(payload.value).success,
  });
export type RegisterPetBody = z.output<typeof registerPetBodySchema>;
export type RegisterPetValues = z.input<typeof registerPetBodySchema>;

/** The answer to POST /v2/pets: the pet, which was registered online. */
export const registeredPetSchema = petSchema.extend({ registeredOnline: z.literal(true) });
export type RegisteredPet = z.infer<typeof registeredPetSchema>;

export * from './pet-rules.ts';
export * from './pet-field-messages.ts';
