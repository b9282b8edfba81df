import type { DehydratedState } from '@tanstack/react-query';
import { firstData } from '@/shared/query/first-data';
import { getInsurersOnServer } from './get-insurers-on-server';
import { getSpeciesOnServer } from './get-species-on-server';
import { insurersQueryKey } from './insurers-query-key';
import { speciesQueryKey } from './species-query-key';

/**
 * The lists the pet registration form opens with (decision 0031): the species and the insurers, in the
 * first HTML, so the form arrives whole and its first choices wait for no request; each left out when
 * the API cannot give it, and the browser asks as before. Breeds and colours follow the chosen species.
 */
export async function registerPetFirstData(): Promise<DehydratedState> {
  const [species, insurers] = await Promise.all([getSpeciesOnServer(), getInsurersOnServer()]);
  return firstData([
    [speciesQueryKey, species],
    [insurersQueryKey, insurers],
  ]);
}
