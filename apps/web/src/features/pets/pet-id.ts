import { petIdParamsSchema } from '@vet/contracts/pets';

/** The pet id of a `/pets/{id}` address, written as the portal writes it ("7", not "007" or "7.0"); else null. */
export function parsePetId(id: string): number | null {
  const parsed = petIdParamsSchema.shape.petId.safeParse(id);
  return parsed.success && String(parsed.data) === id ? parsed.data : null;
}
