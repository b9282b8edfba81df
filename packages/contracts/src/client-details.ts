import { z } from 'zod';
import { newClientBodySchema } from './onboarding.ts';

/**
 * The client's own record (GET /client, POST /client): "Your details" (/client-detail). One definition,
 * validated by the API and used by the form. The e-mail is the identity's and is not part of the body:
 * it changes through the identity provider's own flow only (docs/decisions/0019).
 */

const newClient = newClientBodySchema.shape;

export const clientAddressSchema = z.object({
  line1: z.string().nullable(),
  line2: z.string().nullable(),
  town: z.string().nullable(),
  county: z.string().nullable(),
  postcode: z.string().nullable(),
});

/** GET /client and POST /client's answer. Phones are in the national form (07400 123456). */
export const clientDetailsSchema = z.object({
  clientId: z.number().int(),
  salutationId: z.number().int().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  /** The address the client signs in with and is e-mailed at; read-only here. */
  email: z.string().nullable(),
  mobilePhone: z.string().nullable(),
  homePhone: z.string().nullable(),
  address: clientAddressSchema,
  homePracticeId: z.number().int(),
  homePracticeName: z.string(),
  homePracticePhone: z.string(),
  /** ISO 8601: when the record was last changed. */
  updatedAt: z.iso.datetime({ offset: true }),
});
export type ClientDetails = z.infer<typeof clientDetailsSchema>;

/**
 * POST /client: every editable field at once. Unknown keys (clientId, email, activationStatus, the
 * identity, ...) are stripped, never applied. Phones and the postcode are checked as UK values by the
 * API (400 naming the field), and the home practice must be one listed online.
 */
export const updateClientDetailsBodySchema = z.object({
  salutationId: newClient.salutationId,
  firstName: newClient.firstName,
  lastName: newClient.lastName,
  mobilePhone: newClient.mobilePhone,
  /** Optional: null (or empty) for none. */
  homePhone: z
    .string()
    .trim()
    .max(20, 'Enter at most 20 characters.')
    .nullable()
    .transform((value) => (value === '' ? null : value)),
  address: newClient.address,
  homePracticeId: newClient.homePracticeId,
});
export type UpdateClientDetailsBody = z.input<typeof updateClientDetailsBodySchema>;

/** Field messages the API adds to the contract's shape checks, shared so the form says the same. */
export const clientDetailsMessages = {
  mobilePhone: 'Enter a UK mobile number, such as 07400 123456.',
  homePhone: 'Enter a UK phone number, such as 01423 123456, or leave it empty.',
  postcode: 'Enter a full UK postcode, such as SW1A 1AA.',
  homePractice: 'Choose one of the practices listed.',
  salutation: 'Choose a title from the list.',
} as const;
