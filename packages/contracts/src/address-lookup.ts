import { z } from 'zod';

/** The embedded lookup's service id; a real group can plug in a commercial lookup under its own id. */
export const EMBEDDED_ADDRESS_SERVICE = 'embedded';

/** GET /address-lookup?text=: candidates by postcode or by part of the first line (R7.6). */
export const addressLookupQuerySchema = z.object({
  text: z
    .string()
    .trim()
    .min(2, 'Enter at least 2 characters of the postcode or address.')
    .max(100, 'Enter at most 100 characters.'),
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
