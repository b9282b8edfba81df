import type { PetMedicine } from '@vet/contracts/prescription-requests';
import { formatPracticeDay } from '@/shared/dates/appointment-time';
import { TextField } from '@/shared/forms/text-field';
import { Checkbox, ChoiceLabel } from '@/shared/ui/choice';
import { TextLink } from '@/shared/ui/text-link';
import typography from '@/shared/ui/typography.module.css';
import { medicineName } from './prescription-text';
import styles from './new-prescription-request-form.module.css';

/** The quantity chosen of each medicine asked for, by its id. */
export type ChosenQuantities = ReadonlyMap<number, number>;

function prescribedText(medicine: PetMedicine): string {
  const by = medicine.prescribedBy ? ` by ${medicine.prescribedBy}` : '';
  const year = medicine.prescribedOn.slice(0, 4);
  const repeats =
    medicine.repeatsLeft === null
      ? ''
      : ` · ${medicine.repeatsLeft} repeat${medicine.repeatsLeft === 1 ? '' : 's'} left`;
  return `Prescribed${by} on ${formatPracticeDay(medicine.prescribedOn)} ${year}${repeats}`;
}

function MedicineDetails({ medicine }: { medicine: PetMedicine }) {
  return (
    <span className={styles.details}>
      {medicine.doseInstructions && <span>{medicine.doseInstructions}</span>}
      <span className={typography.secondary}>{prescribedText(medicine)}</span>
    </span>
  );
}

interface MedicineChoicesProps {
  petId: number;
  medicines: readonly PetMedicine[];
  chosen: ChosenQuantities;
  onChange: (chosen: ChosenQuantities) => void;
  /** What is wrong with a medicine's quantity (the page's check, or the API's 400), by its id. */
  quantityErrors?: ReadonlyMap<number, string>;
}

/**
 * Decision 0111: the pet's medicines, each to tick with its quantity (up to the practice's limit), or,
 * when a repeat cannot be asked for, why not: a review needed offers a booking.
 */
export function MedicineChoices({
  petId,
  medicines,
  chosen,
  onChange,
  quantityErrors,
}: MedicineChoicesProps) {
  const set = (medicationId: number, quantity: number | null) => {
    const next = new Map(chosen);
    if (quantity === null) next.delete(medicationId);
    else next.set(medicationId, quantity);
    onChange(next);
  };
  if (medicines.length === 0)
    return <p>Your practice has no current medicines on record for this pet. Please contact the practice.</p>;
  return (
    <ul className={styles.medicines}>
      {medicines.map((medicine) => {
        const name = medicineName(medicine);
        const quantity = chosen.get(medicine.medicationId);
        const quantityError = quantityErrors?.get(medicine.medicationId);
        if (medicine.availability !== 'available')
          return (
            <li key={medicine.medicationId} className={styles.medicine}>
              <span className={styles.unavailableName}>{name}</span>
              <MedicineDetails medicine={medicine} />
              <span className={styles.refusal}>{medicine.refusal}</span>
              {medicine.availability === 'reviewNeeded' && (
                <TextLink href={`/appointments/book?petId=${petId}`}>Book a review</TextLink>
              )}
            </li>
          );
        return (
          <li key={medicine.medicationId} className={styles.medicine}>
            <ChoiceLabel
              control={
                <Checkbox
                  name="medicationId"
                  value={medicine.medicationId}
                  checked={quantity !== undefined}
                  onChange={(event) => set(medicine.medicationId, event.target.checked ? 1 : null)}
                />
              }
              label={name}
            />
            <MedicineDetails medicine={medicine} />
            {quantity !== undefined && (
              <TextField
                select
                className={styles.quantity}
                id={`quantity-${medicine.medicationId}`}
                label={`Quantity (${medicine.unit})`}
                value={quantity}
                shrinkLabel
                error={quantityError !== undefined}
                helperText={quantityError}
                onChange={(event) => set(medicine.medicationId, Number(event.target.value))}
              >
                {Array.from({ length: medicine.maxQuantity }, (_, i) => (
                  <option key={i + 1} value={i + 1}>
                    {i + 1}
                  </option>
                ))}
              </TextField>
            )}
          </li>
        );
      })}
    </ul>
  );
}
