import { petPlansSchema } from '@vet/contracts/plans';
import type { DehydratedState } from '@tanstack/react-query';
import { getFromApiOnServer } from '@/shared/bff/server-api';
import { firstData } from '@/shared/query/first-data';
import { petPlansQueryKey } from './plans-query-key';

/**
 * A pet's plans in the first HTML of its page (decision 0031), read on the server as the signed-in
 * client beside its health record; left out when the API cannot answer, and the browser asks as before.
 */
export async function petPlansFirstData(petId: number): Promise<DehydratedState> {
  const { data } = await getFromApiOnServer(['v2', 'pets', String(petId), 'plans'], petPlansSchema);
  return firstData([[petPlansQueryKey(petId), data]]);
}
