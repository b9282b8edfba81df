import { z } from 'zod';
import { serialIdParam } from './ids.ts';
import type { FeatureToggle } from './practice-rules.ts';

export const practiceIdParamsSchema = z.object({
  practiceId: serialIdParam,
});

export const onlinePracticeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  addressLine1: z.string(),
  addressLine2: z.string().nullable(),
  town: z.string(),
  postcode: z.string(),
  onlineRegistrationAvailable: z.boolean(),
});
export type OnlinePractice = z.infer<typeof onlinePracticeSchema>;
export const onlinePracticesResponseSchema = z.array(onlinePracticeSchema);

/** R3.10: practice feature settings are pairs of featureKey and value. */
export const featureToggleSchema = z.object({
  featureKey: z.string(),
  value: z.string(),
}) satisfies z.ZodType<FeatureToggle>;
export const featureTogglesResponseSchema = z.array(featureToggleSchema);

export * from './practice-rules.ts';
