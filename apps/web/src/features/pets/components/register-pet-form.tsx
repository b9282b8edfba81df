'use client';

import type { RegisterPetBody } from '@vet/contracts/pets';
import { earliestDateOfBirthOn, petSexes } from '@vet/contracts/pet-rules';
import { useCallback, useState } from 'react';
import { ApiError } from '@/shared/api/api-client';
import { FormFooter } from '@/shared/components/form-footer';
import { OptionList } from '@/shared/components/option-list';
import { UnsavedChangesGuard } from '@/shared/components/unsaved-changes-guard';
import { FormTextField } from '@/shared/forms/form-text-field';
import { useZodForm } from '@/shared/forms/use-zod-form';
import { useToast } from '@/shared/toast/use-toast';
import { useBreeds } from '@/features/pets/api/get-breeds';
import { useColours } from '@/features/pets/api/get-colours';
import { useInsurers } from '@/features/pets/api/get-insurers';
import { useSpecies } from '@/features/pets/api/get-species';
import { useRegisterPet } from '@/features/pets/api/register-pet';
import { emptyRegisterPetValues, hasEnteredAnything } from '@/features/pets/register-pet-form-values';
import { usePortalRouter } from '@/shared/navigation/use-portal-router';
import { MicrochipAndInsuranceFields, NeuteredField, PetNameField } from './pet-detail-fields';
import { PetKindFields } from './pet-kind-fields';
import { SubmitProblem } from './submit-problem';
import styles from './register-pet-form.module.css';

export interface RegisterPetFormProps {
  /** The API said registration is not open to this client (it changed since the page opened). */
  onUnavailable: () => void;
  /** Today on the practices' calendar (YYYY-MM-DD), from the server: the date of birth's latest. */
  today: string;
}

const sexOptions = [
  { value: 'Female', label: 'Female' },
  { value: 'Male', label: 'Male' },
];

/** Required unless its list is known to be empty: a list still loading may yet offer choices. */
const offers = (chosen: boolean, list: readonly unknown[] | undefined) => chosen && list?.length !== 0;

/**
 * R7.7, R5.9: registering a pet. Breeds are asked for once a species is chosen, colours once a breed
 * is; each field says what is wrong in plain words once touched (R5.1). A half-filled form asks before
 * the person leaves it (R2.27). Registered, the pet's page opens with the pet already in every list.
 */
export function RegisterPetForm({ onUnavailable, today }: RegisterPetFormProps) {
  // Busy from sending until the next page arrives: never sent twice (decision 0047).
  const { router, navigating } = usePortalRouter();
  const { showToast } = useToast();
  const register = useRegisterPet();
  const [failure, setFailure] = useState<unknown>();
  const [registered, setRegistered] = useState(false);

  const [speciesId, setSpeciesId] = useState<number | null>(null);
  const [breedId, setBreedId] = useState<number | null>(null);
  const lists = {
    species: useSpecies(),
    breeds: useBreeds(speciesId),
    colours: useColours(speciesId, breedId),
  };
  const insurers = useInsurers();
  const breedRequired = offers(speciesId !== null, lists.breeds.data);
  const colourRequired = offers(breedId !== null, lists.colours.data);
  // The rules, loaded when first needed (decision 0033), change with what the chosen kind offers.
  const rules = useCallback(
    () =>
      import('@/features/pets/register-pet-form-schema').then((schemas) =>
        schemas.registerPetFormSchema({ breedRequired, colourRequired }),
      ),
    [breedRequired, colourRequired],
  );
  const form = useZodForm(rules, emptyRegisterPetValues);

  const chooseSpecies = (id: number | null) => {
    setSpeciesId(id);
    setBreedId(null);
    form.setValue('speciesId', id);
    form.setValue('breedId', null);
    form.setValue('colourId', null);
  };
  const chooseBreed = (id: number | null) => {
    setBreedId(id);
    form.setValue('breedId', id);
    form.setValue('colourId', null);
  };

  const save = async (body: RegisterPetBody) => {
    setFailure(undefined);
    try {
      const pet = await register.mutateAsync(body);
      setRegistered(true);
      showToast(`${pet.name} is registered with your practice.`, 'success');
      router.push(`/pets/${pet.petId}`);
    } catch (error) {
      if (error instanceof ApiError && error.status === 403) {
        setRegistered(true);
        onUnavailable();
      } else {
        setFailure(error);
      }
    }
  };

  const field = form.field;
  const sex = field('sex');
  const lookupsFailed = [lists.species, lists.breeds, lists.colours, insurers].some((query) => query.isError);
  return (
    <form noValidate onSubmit={form.handleSubmit(save)} className={styles.form}>
      <UnsavedChangesGuard
        dirty={!registered && hasEnteredAnything(form.values)}
        description="You have not finished registering your pet."
      />
      <SubmitProblem
        error={failure}
        lookupsFailed={lookupsFailed}
        onRetryLookups={() => {
          for (const query of [lists.species, lists.breeds, lists.colours, insurers]) {
            if (query.isError) void query.refetch();
          }
        }}
      />
      <PetNameField field={field('name')} />
      <PetKindFields
        species={field('speciesId')}
        breed={field('breedId')}
        colour={field('colourId')}
        lists={{ species: lists.species.data, breeds: lists.breeds.data, colours: lists.colours.data }}
        onSpeciesChange={chooseSpecies}
        onBreedChange={chooseBreed}
      />
      <OptionList
        {...sex}
        legend="Sex"
        options={sexOptions}
        value={sex.value ?? null}
        onChange={(value) => sex.onChange(petSexes.find((option) => option === value) ?? null)}
      />
      <NeuteredField field={field('neutered')} />
      <FormTextField
        {...field('dateOfBirth')}
        label="Date of birth"
        type="date"
        shrinkLabel
        helperText="If you are not sure, an estimate is fine."
        inputAttributes={{ min: earliestDateOfBirthOn(today), max: today }}
      />
      <MicrochipAndInsuranceFields
        microchipNumber={field('microchipNumber')}
        insurerId={field('insurerId')}
        policyNumber={field('policyNumber')}
        insurers={insurers}
      />
      <FormFooter backHref="/pets" submitLabel="Register pet" submitting={form.submitting || navigating} />
    </form>
  );
}
