import { z } from 'zod';
import { addressLookupMessages, addressLookupTextLength } from './address-rules.ts';

/** GET /address-lookup?text=: candidates by postcode or by part of the first line (R7.6). */
export const addressLookupQuerySchema = z.object({
  text: z
    .string()
    .trim()
    .min(addressLookupTextLength.min, addressLookupMessages.tooShort)
    .max(addressLookupTextLength.max, addressLookupMessages.tooLong),
});

export const addressCandidateSchema = z.object({
  serviceId: z.string(),
  addressId: z.string(),
  description: z.string(),
});
export const addressLookupResponseSchema = z.object({ addresses: z.array(addressCandidateSchema) });

export const addressParamsSchema = z.object({
  serviceId: z.string().min(1).max(40),
  addressId: z.string().min(1).max(40),
});

export const addressSchema = z.object({
  serviceId: z.string(),
  addressId: z.string(),
  line1: z.string(),
  line2: z.string().nullable(),
  town: z.string(),
  county: z.string().nullable(),
  postcode: z.string(),
});
export type Address = z.infer<typeof addressSchema>;
export type AddressCandidate = z.infer<typeof addressCandidateSchema>;

export * from './address-rules.ts';
