import type { Breed, Colour } from '@vet/contracts/lookups';
import { notFound } from '../../platform/index.ts';
import type { SpeciesRepository } from './species-repository.ts';

/**
 * An unknown species, or a breed that is not of the species, is not found rather than an empty list, so
 * a form can tell "no breeds recorded" from a stale selection. Only an empty answer needs the check.
 */
export async function findBreeds(
  repository: Pick<SpeciesRepository, 'listBreedsWithSynonyms' | 'speciesExists'>,
  speciesId: number,
): Promise<Breed[]> {
  const breeds = await repository.listBreedsWithSynonyms(speciesId);
  if (breeds.length === 0 && !(await repository.speciesExists(speciesId))) throw speciesNotFound();
  return breeds;
}

export async function findBreedColours(
  repository: Pick<SpeciesRepository, 'listBreedColours' | 'breedOfSpeciesExists'>,
  speciesId: number,
  breedId: number,
): Promise<Colour[]> {
  const colours = await repository.listBreedColours(speciesId, breedId);
  if (colours.length === 0 && !(await repository.breedOfSpeciesExists(speciesId, breedId))) {
    throw breedNotFound();
  }
  return colours;
}

const speciesNotFound = () => notFound('We could not find that species.');
const breedNotFound = () => notFound('We could not find that breed for this species.');
