'use client';

import type { PetMedicines } from '@vet/contracts/prescription-requests';
import type { SupplyMethod } from '@vet/contracts/prescription-rules';
import { writtenFeeText } from '@vet/contracts/written-prescription-notice';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { apiProblem, submissionFailedMessage } from '@/shared/api/api-problem';
import { AppAlert } from '@/shared/components/app-alert';
import { FormFooter } from '@/shared/components/form-footer';
import { LoadError } from '@/shared/components/load-error';
import { LoadingSpinner } from '@/shared/components/loading-spinner';
import { TextField } from '@/shared/forms/text-field';
import { usePortalRouter } from '@/shared/navigation/use-portal-router';
import { ChoiceLabel, Radio } from '@/shared/ui/choice';
import { TextLink } from '@/shared/ui/text-link';
import { usePetMedicines } from '@/features/prescriptions/api/get-pet-medicines';
import { useRequestPrescription } from '@/features/prescriptions/api/request-prescription';
import { MedicineChoices, type ChosenQuantities } from './medicine-choices';
import { offeredItems, quantityIssues } from './request-items';
import styles from './new-prescription-request-form.module.css';

/** Where the form goes once a request is sent: the list, told to say so (its page reads `sent`). */
const requestSentHref = '/drug-request?sent=1';

export interface NewPrescriptionRequestFormProps {
  /** The client's living pets (a departed pet's medicines cannot be repeated). */
  pets: readonly { petId: number; name: string }[];
}

function SupplyChoice({
  supply,
  onChange,
  medicines,
  count,
}: {
  supply: SupplyMethod;
  onChange: (supply: SupplyMethod) => void;
  medicines: PetMedicines;
  count: number;
}) {
  const legendId = useId();
  return (
    <fieldset className={styles.fieldset} aria-labelledby={legendId}>
      <legend id={legendId} className={styles.legend}>
        How would you like it?
      </legend>
      <ChoiceLabel
        control={
          <Radio
            name="supply"
            value="collect"
            checked={supply === 'collect'}
            onChange={() => onChange('collect')}
          />
        }
        label={`Collect it from ${medicines.practice.name}`}
      />
      <ChoiceLabel
        control={
          <Radio
            name="supply"
            value="written"
            checked={supply === 'written'}
            onChange={() => onChange('written')}
          />
        }
        label="A written prescription to take to a pharmacy of my choice"
      />
      {supply === 'written' && (
        <AppAlert severity="info" className={styles.fee}>
          {writtenFeeText(medicines.writtenPrescriptionFees, count)} You pay it when you collect the
          prescription.
        </AppAlert>
      )}
    </fieldset>
  );
}

/**
 * Decision 0111: a repeat prescription request. The client picks a living pet, ticks medicines that may
 * be repeated with their quantities, and says how they want them; a written prescription's fee shows
 * before Send. The API checks every rule again, and its refusal is shown as it says it.
 */
export function NewPrescriptionRequestForm({ pets }: NewPrescriptionRequestFormProps) {
  const { router, navigating } = usePortalRouter();
  const [petId, setPetId] = useState<number | null>(pets.length === 1 ? pets[0]!.petId : null);
  const [chosen, setChosen] = useState<ChosenQuantities>(new Map());
  const [supply, setSupply] = useState<SupplyMethod>('collect');
  const [note, setNote] = useState('');
  const [missing, setMissing] = useState(false);
  const [quantityErrors, setQuantityErrors] = useState<ReadonlyMap<number, string>>(new Map());
  // The first quantity in error takes the focus, as a form's fields do with the API's issues (R5.1).
  const [focusQuantity, setFocusQuantity] = useState<{ medicationId: number } | null>(null);
  useEffect(() => {
    if (focusQuantity) document.getElementById(`quantity-${focusQuantity.medicationId}`)?.focus();
  }, [focusQuantity]);
  const medicines = usePetMedicines(petId);
  const send = useRequestPrescription();
  const legendId = useId();
  const noteId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (petId === null || chosen.size === 0) return setMissing(true);
    const { items, errors } = offeredItems(medicines.data?.medicines ?? [], chosen);
    const showQuantityErrors = (shown: Map<number, string>) => {
      setQuantityErrors(shown);
      const first = shown.keys().next();
      if (!first.done) setFocusQuantity({ medicationId: first.value });
    };
    showQuantityErrors(errors);
    if (errors.size > 0) return;
    if (items.length === 0) return setMissing(true);
    try {
      await send.mutateAsync({
        petId,
        items,
        supply,
        note: note.trim() === '' ? null : note.trim(),
      });
      // Said on the list, in its flow, not by a toast over its heading (decision 0144).
      router.push(requestSentHref);
    } catch (error) {
      // A quantity's 400 shows by its field; anything else below, from the mutation's error.
      showQuantityErrors(quantityIssues(error, items));
    }
  };

  const problem = send.error && quantityErrors.size === 0 ? apiProblem(send.error) : undefined;
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className={styles.form}>
      <TextField
        select
        label="Pet"
        name="petId"
        value={petId ?? ''}
        shrinkLabel
        required
        onChange={(event) => {
          setPetId(event.target.value ? Number(event.target.value) : null);
          setChosen(new Map());
          setQuantityErrors(new Map());
          send.reset();
        }}
      >
        {pets.length !== 1 && <option value="">Choose a pet</option>}
        {pets.map((pet) => (
          <option key={pet.petId} value={pet.petId}>
            {pet.name}
          </option>
        ))}
      </TextField>
      {petId !== null &&
        (medicines.isError ? (
          <LoadError message="We could not load the medicines." onRetry={() => void medicines.refetch()} />
        ) : !medicines.data ? (
          <LoadingSpinner height="120px" label="Loading the medicines" />
        ) : (
          <>
            <fieldset className={styles.fieldset} aria-labelledby={legendId}>
              <legend id={legendId} className={styles.legend}>
                Medicines
              </legend>
              <MedicineChoices
                petId={petId}
                medicines={medicines.data.medicines}
                chosen={chosen}
                quantityErrors={quantityErrors}
                onChange={(next) => {
                  setChosen(next);
                  setMissing(false);
                  setQuantityErrors(new Map());
                }}
              />
            </fieldset>
            <SupplyChoice
              supply={supply}
              onChange={setSupply}
              medicines={medicines.data}
              count={chosen.size}
            />
            {/*
              Above the box, as the form's other questions, not floating in it: a floating label is one
              line and was cut at 390 px; this one wraps, its whole text the input's name (decision 0144).
            */}
            <div className={styles.note}>
              <label htmlFor={noteId} className={styles.legend}>
                Anything your practice should know (optional)
              </label>
              <TextField
                id={noteId}
                name="note"
                value={note}
                onChange={(event) => setNote(event.target.value)}
                inputProps={{ maxLength: 500 }}
                fullWidth
              />
            </div>
          </>
        ))}
      {missing && <AppAlert severity="error">Choose a pet and at least one medicine.</AppAlert>}
      {problem && (
        <AppAlert severity="error">
          {problem.message ?? submissionFailedMessage}
          {problem.code === 'review_needed' && petId !== null && (
            <>
              {' '}
              <TextLink href={`/appointments/book?petId=${petId}`}>Book a review</TextLink>
            </>
          )}
        </AppAlert>
      )}
      <FormFooter
        backHref="/drug-request"
        submitLabel="Send request"
        submitting={send.isPending || navigating}
      />
    </form>
  );
}
