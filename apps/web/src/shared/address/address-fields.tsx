'use client';

import type { Address } from '@vet/contracts/address-lookup';
import { FormTextField } from '@/shared/forms/form-text-field';
import type { BoundField } from '@/shared/forms/use-zod-form';
import styles from './address-fields.module.css';

export type AddressFieldName = 'line1' | 'line2' | 'town' | 'county' | 'postcode';

/** A found address (AddressFinder's) as the fields' values: a line it lacks is empty text. */
export function addressFieldValues(address: Address): readonly (readonly [AddressFieldName, string])[] {
  return [
    ['line1', address.line1],
    ['line2', address.line2 ?? ''],
    ['town', address.town],
    ['county', address.county ?? ''],
    ['postcode', address.postcode],
  ];
}

export interface AddressFieldsProps {
  fields: Record<AddressFieldName, BoundField<string>>;
  /** The form's own prefix of the fields' ids (`details` gives details-line1, …). */
  idPrefix: string;
}

/** The client's address, typed in: the new client's and "Your details"' five fields, with autocomplete. */
export function AddressFields({ fields, idPrefix }: AddressFieldsProps) {
  return (
    <>
      <FormTextField
        {...fields.line1}
        id={`${idPrefix}-line1`}
        label="Address line 1"
        required
        autoComplete="address-line1"
      />
      <FormTextField
        {...fields.line2}
        id={`${idPrefix}-line2`}
        label="Address line 2 (optional)"
        autoComplete="address-line2"
      />
      <FormTextField
        {...fields.town}
        id={`${idPrefix}-town`}
        label="Town or city"
        required
        autoComplete="address-level2"
      />
      <FormTextField
        {...fields.county}
        id={`${idPrefix}-county`}
        label="County (optional)"
        autoComplete="address-level1"
      />
      <FormTextField
        {...fields.postcode}
        id={`${idPrefix}-postcode`}
        label="Postcode"
        required
        autoComplete="postal-code"
        className={styles.postcode}
      />
    </>
  );
}
