import { activationStatusSchema, clientProfileSchema } from '@vet/contracts/profile';
import { z } from 'zod';
import { normaliseActivationStatus } from '@/features/profile/activation-status';

/** The profile as the web reads it: R3.2, either spelling of activationStatus, kept in upper case. */
export const profileResponseSchema = clientProfileSchema.extend({
  activationStatus: z.preprocess(
    (value) => normaliseActivationStatus(value) ?? value,
    activationStatusSchema,
  ),
});

/** The one cache entry of the signed-in person's profile (the browser's query, the server's first data). */
export const profileQueryKey = ['client', 'profile'] as const;
