import { isSerialId } from '@vet/contracts/id-rules';

/** The pet id of a `/pets/{id}` address, written as the portal writes it ("7", not "007" or "7.0"); else null. */
export function parsePetId(id: string): number | null {
  const petId = Number(id);
  return isSerialId(petId) && String(petId) === id ? petId : null;
}
