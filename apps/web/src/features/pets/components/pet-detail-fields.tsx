'use client';

import type { PetDetailsValues } from '@vet/contracts/pet-changes';
import { microchipDigits, petNameMaxLength, policyNumberMaxLength } from '@vet/contracts/pet-rules';
import type { Insurer } from '@vet/contracts/lookups';
import { AutocompleteField } from '@/shared/components/autocomplete-field';
import { OptionList } from '@/shared/components/option-list';
import { FormTextField } from '@/shared/forms/form-text-field';
import type { BoundField } from '@/shared/forms/use-zod-form';

// The fields of a pet's details (its name, neutered, microchip, insurer and policy number), which the
// registration form and the edit form both ask for, with the same rules (decision 0083).

/** One of those fields, as either form's useZodForm binds it. */
type DetailField<Name extends keyof PetDetailsValues> = BoundField<PetDetailsValues[Name]>;

const neuteredOptions = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
];

export function PetNameField({ field }: { field: DetailField<'name'> }) {
  return (
    <FormTextField
      {...field}
      label="Your pet’s name"
      maxLength={petNameMaxLength}
      showCounter
      autoComplete="off"
    />
  );
}

export function NeuteredField({ field }: { field: DetailField<'neutered'> }) {
  return (
    <OptionList
      {...field}
      legend="Neutered"
      options={neuteredOptions}
      value={field.value === null ? null : field.value ? 'yes' : 'no'}
      onChange={(value) => field.onChange(value === 'yes')}
    />
  );
}

export interface MicrochipAndInsuranceFieldsProps {
  microchipNumber: DetailField<'microchipNumber'>;
  insurerId: DetailField<'insurerId'>;
  policyNumber: DetailField<'policyNumber'>;
  /** The insurers to choose from: undefined while they load (isPending). */
  insurers: { data: readonly Insurer[] | undefined; isPending: boolean };
}

/** The microchip number, the insurer and the policy number: the last fields of both forms. */
export function MicrochipAndInsuranceFields({
  microchipNumber,
  insurerId: insurer,
  policyNumber,
  insurers,
}: MicrochipAndInsuranceFieldsProps) {
  return (
    <>
      <FormTextField
        {...microchipNumber}
        label="Microchip number (optional)"
        helperText={`The ${microchipDigits} digits on your pet’s microchip paperwork.`}
        inputAttributes={{ inputMode: 'numeric', autoComplete: 'off' }}
      />
      <AutocompleteField<Insurer>
        label="Insurer (optional)"
        name={insurer.name}
        options={insurers.data ?? []}
        loading={insurers.isPending}
        value={insurers.data?.find((option) => option.insurerId === insurer.value) ?? null}
        onChange={(next) => insurer.onChange(next?.insurerId ?? null)}
        onBlur={insurer.onBlur}
        getOptionLabel={(option) => option.name}
        isOptionEqualToValue={(option, value) => option.insurerId === value.insurerId}
        errorText={insurer.errorText}
        touched={insurer.touched}
      />
      <FormTextField
        {...policyNumber}
        label="Policy number (optional)"
        maxLength={policyNumberMaxLength}
        autoComplete="off"
      />
    </>
  );
}
