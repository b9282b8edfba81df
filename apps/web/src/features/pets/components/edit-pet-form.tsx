'use client';

import type {
  EditablePet,
  PetChangedConflict,
  PetDetails,
  PetDetailsValues,
} from '@vet/contracts/pet-changes';
import { useCallback, useState } from 'react';
import { ApiError } from '@/shared/api/api-client';
import { AppAlert } from '@/shared/components/app-alert';
import { FormFooter } from '@/shared/components/form-footer';
import { UnsavedChangesGuard } from '@/shared/components/unsaved-changes-guard';
import { useZodForm } from '@/shared/forms/use-zod-form';
import { useToast } from '@/shared/toast/use-toast';
import { useEditPet } from '@/features/pets/api/edit-pet';
import { useInsurers } from '@/features/pets/api/get-insurers';
import { editPetValuesOf, hasChangedAnything } from '@/features/pets/edit-pet-form-values';
import { usePortalRouter } from '@/shared/navigation/use-portal-router';
import { MicrochipAndInsuranceFields, NeuteredField, PetNameField } from './pet-detail-fields';
import { SubmitProblem } from './submit-problem';
import styles from './register-pet-form.module.css';

export interface EditPetFormProps {
  /** The pet as last read, with its version: what a save names (decision 0083). */
  pet: EditablePet;
  /** The API gave the pet as it now is (a save refused because it changed elsewhere first). */
  onChanged: (current: EditablePet) => void;
}

/**
 * The pet as it now is, when the API refused a save because another session changed it first (409, the
 * contract's petChangedConflictSchema; not parsed again here, to keep zod out of the page: decision 0032).
 */
function currentPetOf(error: unknown): EditablePet | undefined {
  if (!(error instanceof ApiError) || error.status !== 409) return undefined;
  const current = (error.body as Partial<PetChangedConflict> | null)?.current;
  return typeof current?.version === 'string' ? current : undefined;
}

/**
 * R2.40 (decision 0083): changing a pet's name, neutered, microchip, insurer and policy number, with the
 * registration form's fields and rules. A save refused because the pet changed elsewhere first shows the
 * pet as it now is, in the form, and says so; nothing is overwritten (decision 0083).
 */
export function EditPetForm({ pet, onChanged }: EditPetFormProps) {
  const { router, navigating } = usePortalRouter();
  const { showToast } = useToast();
  const edit = useEditPet(pet.petId);
  const insurers = useInsurers();
  const [failure, setFailure] = useState<unknown>();
  const [changedElsewhere, setChangedElsewhere] = useState(false);
  const [saved, setSaved] = useState(false);
  const rules = useCallback(
    () => import('@/features/pets/edit-pet-form-schema').then((schemas) => schemas.editPetFormSchema),
    [],
  );
  const form = useZodForm(rules, editPetValuesOf(pet));

  const save = async (details: PetDetails) => {
    setFailure(undefined);
    setChangedElsewhere(false);
    try {
      const changed = await edit.mutateAsync({ version: pet.version, details });
      setSaved(true);
      showToast(`${changed.name}’s details are saved.`, 'success');
      router.push(`/pets/${changed.petId}`);
    } catch (error) {
      const current = currentPetOf(error);
      if (current) {
        onChanged(current);
        form.reset(editPetValuesOf(current) satisfies PetDetailsValues);
        setChangedElsewhere(true);
      } else {
        setFailure(error);
      }
    }
  };

  const field = form.field;
  return (
    <form noValidate onSubmit={form.handleSubmit(save)} className={styles.form}>
      <UnsavedChangesGuard
        dirty={!saved && hasChangedAnything(form.values, pet)}
        description="You have not saved the changes to your pet’s details."
      />
      {changedElsewhere && (
        <AppAlert severity="warning" title="These details changed since you opened this page">
          Someone changed {pet.name}’s details somewhere else (perhaps you, in another window) before you
          saved. We have not saved your changes: the form now shows the details we hold. Make your changes
          again if they are still needed.
        </AppAlert>
      )}
      <SubmitProblem
        error={failure}
        lookupsFailed={insurers.isError}
        onRetryLookups={() => void insurers.refetch()}
      />
      <PetNameField field={field('name')} />
      <NeuteredField field={field('neutered')} />
      <MicrochipAndInsuranceFields
        microchipNumber={field('microchipNumber')}
        insurerId={field('insurerId')}
        policyNumber={field('policyNumber')}
        insurers={insurers}
      />
      <FormFooter
        backHref={`/pets/${pet.petId}`}
        submitLabel="Save changes"
        submitting={form.submitting || navigating}
      />
    </form>
  );
}
