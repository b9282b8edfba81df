import { z } from 'zod';
import { serialId, serialIdParam } from './ids.ts';
import {
  maxQuantityLimit,
  medicineCategories,
  prescriptionAnswers,
  prescriptionMessages,
  prescriptionRequestStatuses,
  supplyMethods,
} from './prescription-rules.ts';

/**
 * Repeat prescription requests (decision 0111): a pet's current medicines as the practice system sent
 * them, a client's requests, and the practice's answer through the integration API.
 */

/** Whether a repeat of the medicine may be asked for now, and if not, why (the words of the refusal). */
export const medicineAvailabilities = [
  'available',
  'notRepeatable',
  'noRepeatsLeft',
  'reviewNeeded',
] as const;
export type MedicineAvailability = (typeof medicineAvailabilities)[number];

export const petMedicineSchema = z.object({
  medicationId: z.number().int(),
  medicine: z.string(),
  strength: z.string().nullable(),
  doseInstructions: z.string().nullable(),
  category: z.enum(medicineCategories),
  /** YYYY-MM-DD */
  prescribedOn: z.string(),
  /** The prescribing vet's name, when the practice system named one. */
  prescribedBy: z.string().nullable(),
  repeatable: z.boolean(),
  /** Null: the practice does not count repeats. */
  repeatsLeft: z.number().int().nullable(),
  /** YYYY-MM-DD: when the vet wants to see the pet again for it; null when the practice sent none. */
  reviewDue: z.string().nullable(),
  maxQuantity: z.number().int(),
  unit: z.string(),
  availability: z.enum(medicineAvailabilities),
  /** Why it cannot be asked for now; null when it can. */
  refusal: z.string().nullable(),
});
export type PetMedicine = z.infer<typeof petMedicineSchema>;

/** The written prescription's fee at the client's practice, capped (decision 0111). */
export const writtenPrescriptionFeesSchema = z.object({
  firstPence: z.number().int(),
  furtherPence: z.number().int(),
});
export type WrittenPrescriptionFees = z.infer<typeof writtenPrescriptionFeesSchema>;

/** GET /v2/pets/{petId}/medications: the pet's current medicines and what a written prescription costs. */
export const petMedicinesSchema = z.object({
  petId: z.number().int(),
  petName: z.string(),
  medicines: z.array(petMedicineSchema),
  writtenPrescriptionFees: writtenPrescriptionFeesSchema,
  practice: z.object({ name: z.string(), phone: z.string() }),
});
export type PetMedicines = z.infer<typeof petMedicinesSchema>;

export const prescriptionNoteMaxLength = 500;
export const requestItemsMax = 20;

/** POST /prescription-requests */
export const newPrescriptionRequestSchema = z.object({
  petId: serialId,
  items: z
    .array(
      z.object({
        medicationId: serialId,
        // In the owner's words by the field: the page shows the 400's issue under the quantity.
        quantity: z
          .number({ error: prescriptionMessages.quantityNotOffered })
          .int(prescriptionMessages.quantityNotOffered)
          .min(1, prescriptionMessages.quantityNotOffered)
          .max(maxQuantityLimit, prescriptionMessages.quantityNotOffered),
      }),
    )
    .min(1, 'Choose at least one medicine.')
    .max(requestItemsMax),
  supply: z.enum(supplyMethods),
  note: z.string().trim().max(prescriptionNoteMaxLength).nullable().default(null),
});
export type NewPrescriptionRequest = z.input<typeof newPrescriptionRequestSchema>;

export const prescriptionRequestItemSchema = z.object({
  medicine: z.string(),
  strength: z.string().nullable(),
  quantity: z.number().int(),
  unit: z.string(),
});

export const prescriptionRequestSchema = z.object({
  requestId: z.number().int(),
  petId: z.number().int(),
  petName: z.string(),
  status: z.enum(prescriptionRequestStatuses),
  supply: z.enum(supplyMethods),
  /** The written prescription's fee when asked for one, fixed when sent; 0 to collect. */
  feePence: z.number().int(),
  note: z.string().nullable(),
  /** The practice's words with its answer (why it declined); null when none. */
  answerMessage: z.string().nullable(),
  requestedAt: z.iso.datetime({ offset: true }),
  answeredAt: z.iso.datetime({ offset: true }).nullable(),
  items: z.array(prescriptionRequestItemSchema),
});
export type PrescriptionRequest = z.infer<typeof prescriptionRequestSchema>;

/** GET /prescription-requests: the client's requests, newest first. */
export const prescriptionRequestsSchema = z.object({ requests: z.array(prescriptionRequestSchema) });
export type PrescriptionRequests = z.infer<typeof prescriptionRequestsSchema>;

/** PUT /integration/v1/prescription-requests/{request_id}/answer */
export const prescriptionAnswerParamsSchema = z.object({ request_id: serialIdParam });
export const prescriptionAnswerBodySchema = z
  .object({
    status: z.enum(prescriptionAnswers),
    /** The practice's words to the client; required when it declines (the reason). */
    message: z.string().trim().min(1).max(1000).nullable().default(null),
  })
  .refine((body) => body.status !== 'Declined' || body.message !== null, {
    path: ['message'],
    message: 'Say why the request is declined: the client is told.',
  })
  .meta({ examples: [{ status: 'ReadyToCollect', message: 'Ready at the front desk from 2 pm.' }] });
export const prescriptionAnswerResultSchema = z.object({
  outcome: z.enum(['applied', 'unchanged']),
  id: z.number().int(),
});
