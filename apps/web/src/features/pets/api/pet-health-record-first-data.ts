import { petHealthRecordSchema } from '@vet/contracts/pet-health-record';
import type { DehydratedState } from '@tanstack/react-query';
import { getFromApiOnServer } from '@/shared/bff/server-api';
import { firstData } from '@/shared/query/first-data';
import { petHealthRecordQueryKey } from './pet-health-record-query-key';

/**
 * A pet's health record in the first HTML of its page (decision 0031), read on the server as the
 * signed-in client; left out when the API cannot answer, and the browser asks for it as before.
 */
export async function petHealthRecordFirstData(petId: number): Promise<DehydratedState> {
  const { data } = await getFromApiOnServer(
    ['v2', 'pets', String(petId), 'health-record'],
    petHealthRecordSchema,
  );
  return firstData([[petHealthRecordQueryKey(petId), data]]);
}
