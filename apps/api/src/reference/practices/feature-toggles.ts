import type { FeatureToggle } from '@vet/contracts/practices';
import { notFound } from '../../platform/index.ts';
import type { PracticesRepository } from './practices-repository.ts';

/** A practice's feature settings; an unknown practice is not found (an empty list would read as "all off"). */
export async function findFeatureToggles(
  practices: Pick<PracticesRepository, 'listFeatureToggles' | 'practiceExists'>,
  practiceId: number,
): Promise<FeatureToggle[]> {
  const toggles = await practices.listFeatureToggles(practiceId);
  // Only an empty answer can mean an unknown practice, so the common case costs one query.
  if (toggles.length === 0 && !(await practices.practiceExists(practiceId))) throw practiceNotFound();
  return toggles;
}

const practiceNotFound = () => notFound('We could not find that practice.');
