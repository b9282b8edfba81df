import { z } from 'zod';
import { apiErrorSchema } from './errors.ts';
import { petFieldMessages } from './pet-field-messages.ts';
import { petSchema, registerPetBodySchema } from './pets.ts';

/**
 * R2.40 (decision 0083): a client changes what they know of their pet (its name, whether it is
 * neutered, its microchip, insurer and policy number) with the registration form's rules, or tells the
 * practice that it has died or has a new home. Each change names the version of the pet it started from:
 * a pet another session changed since then is refused (409) with the pet as it now is, never overwritten.
 */

/** The pet's version: changes whenever its record does (by this portal, an import or the practice). */
export const petVersionSchema = z.string().regex(/^\d{1,20}$/, 'A pet version is a number.');

/**
 * A pet as its edit form starts from: the pet, the version a change must name, and how many booked
 * appointments it has still to come, which recording its death or new home cancels (decision 0099).
 */
export const editablePetSchema = petSchema.extend({
  version: z.string(),
  bookedAppointments: z.number().int().nonnegative(),
});
export type EditablePet = z.infer<typeof editablePetSchema>;

/** The fields a client may change, named as the registration form names them. */
export const editablePetFields = [
  'name',
  'neutered',
  'microchipNumber',
  'insurerId',
  'policyNumber',
] as const;
export type EditablePetField = (typeof editablePetFields)[number];

const fields = registerPetBodySchema.shape;
const editFields = {
  name: fields.name,
  neutered: fields.neutered,
  microchipNumber: fields.microchipNumber,
  insurerId: fields.insurerId,
  policyNumber: fields.policyNumber,
};
const insurerAndPolicy = z.object({ insurerId: fields.insurerId, policyNumber: fields.policyNumber });

/**
 * The pet's details, all five, with the registration form's rules (a policy number needs its insurer);
 * any other field (species, sex, status, owner) is dropped.
 */
export const petDetailsSchema = z
  .object(editFields)
  .refine((body) => body.policyNumber === null || body.insurerId !== null, {
    path: ['insurerId'],
    message: petFieldMessages.insurerForPolicy,
    when: (payload) => insurerAndPolicy.safeParse(payload.value).success,
  });
export type PetDetails = z.output<typeof petDetailsSchema>;
export type PetDetailsValues = z.input<typeof petDetailsSchema>;

/** PATCH /v2/pets/{petId}: the pet's details, and the version they were read at. */
export const editPetBodySchema = z.object({
  version: petVersionSchema,
  details: petDetailsSchema,
});
export type EditPetBody = z.output<typeof editPetBodySchema>;

/** Why a pet is no longer the client's to book for: it has died, or it has a new home. */
export const petDepartures = ['Deceased', 'Rehomed'] as const;
export type PetDeparture = (typeof petDepartures)[number];

/** PUT /v2/pets/{petId}/status: the pet has died or has a new home (a confirmed step on the web). */
export const petDepartureBodySchema = z.object({
  version: petVersionSchema,
  status: z.enum(petDepartures),
});
export type PetDepartureBody = z.output<typeof petDepartureBodySchema>;

/** The 409 of a change whose version is not the pet's any more: the error, and the pet as it now is. */
export const petChangedConflictSchema = apiErrorSchema.extend({ current: editablePetSchema });
export type PetChangedConflict = z.infer<typeof petChangedConflictSchema>;

/** What the API and the screens say about these changes, in plain words. */
export const petChangeMessages = {
  changedElsewhere:
    'Your pet’s details were changed somewhere else (perhaps in another window) since you opened this page. ' +
    'We have not saved your changes. The details below are the ones we now hold: make your changes again.',
  noLongerActive:
    'This pet is no longer recorded as yours to look after, so its details cannot be changed online. ' +
    'Please call your practice if this is not right.',
} as const;
