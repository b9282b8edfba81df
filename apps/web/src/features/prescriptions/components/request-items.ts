import type { NewPrescriptionRequest, PetMedicine } from '@vet/contracts/prescription-requests';
import { prescriptionMessages } from '@vet/contracts/prescription-rules';
import { apiProblem } from '@/shared/api/api-problem';
import type { ChosenQuantities } from './medicine-choices';

type Item = NewPrescriptionRequest['items'][number];

/**
 * The items to send: only medicines the page offers a tick for, each with a quantity its list offers
 * (1 to the practice's limit). A quantity the list no longer offers (the medicines were read again with a
 * lower limit) is an error by its field, never sent; a medicine no longer offered is left out.
 */
export function offeredItems(
  medicines: readonly PetMedicine[],
  chosen: ChosenQuantities,
): { items: Item[]; errors: Map<number, string> } {
  const items: Item[] = [];
  const errors = new Map<number, string>();
  for (const [medicationId, quantity] of chosen) {
    const medicine = medicines.find((candidate) => candidate.medicationId === medicationId);
    if (!medicine || medicine.availability !== 'available') continue;
    if (Number.isInteger(quantity) && quantity >= 1 && quantity <= medicine.maxQuantity)
      items.push({ medicationId, quantity });
    else errors.set(medicationId, prescriptionMessages.quantity(medicine.maxQuantity, medicine.unit));
  }
  return { items, errors };
}

/** The API's 400 issues on `items.<n>.quantity`, by the medicine of the item sent at `n`. */
export function quantityIssues(error: unknown, sent: readonly Item[]): Map<number, string> {
  const errors = new Map<number, string>();
  for (const issue of apiProblem(error).issues) {
    const index = /^items\.(\d+)\.quantity$/.exec(issue.path)?.[1];
    const item = index === undefined ? undefined : sent[Number(index)];
    if (item && !errors.has(item.medicationId)) errors.set(item.medicationId, issue.message);
  }
  return errors;
}
