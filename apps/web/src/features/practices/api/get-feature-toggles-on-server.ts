import { featureTogglesResponseSchema, type FeatureToggle } from '@vet/contracts/practices';
import { getFromApiOnServer } from '@/shared/bff/server-api';

/**
 * GET /practices/{practiceId}/feature-toggles while a page renders on the server: the practice's
 * settings, or undefined when they cannot be known there (the browser then asks).
 */
export async function getFeatureTogglesOnServer(practiceId: number): Promise<FeatureToggle[] | undefined> {
  const segments = ['practices', String(practiceId), 'feature-toggles'];
  return (await getFromApiOnServer(segments, featureTogglesResponseSchema)).data;
}
