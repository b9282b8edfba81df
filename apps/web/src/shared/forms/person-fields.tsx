'use client';

import { FormTextField } from './form-text-field';
import type { BoundField } from './use-zod-form';

/**
 * A person's names and mobile number as every form asks for them (a new client, "Your details", a
 * guest's hold): one wording, one autocomplete, whichever form it is.
 */
export interface PersonNameFieldsProps {
  firstName: BoundField<string>;
  lastName: BoundField<string>;
  /** The form's own prefix of the fields' ids (`details` gives details-first-name, …). */
  idPrefix: string;
}

export function PersonNameFields({ firstName, lastName, idPrefix }: PersonNameFieldsProps) {
  return (
    <>
      <FormTextField
        {...firstName}
        id={`${idPrefix}-first-name`}
        label="First name"
        required
        autoComplete="given-name"
      />
      <FormTextField
        {...lastName}
        id={`${idPrefix}-last-name`}
        label="Last name"
        required
        autoComplete="family-name"
      />
    </>
  );
}

/** The mobile number every contact needs (the API checks it is a UK one). */
export function MobileField({ field, idPrefix }: { field: BoundField<string>; idPrefix: string }) {
  return (
    <FormTextField
      {...field}
      id={`${idPrefix}-mobile`}
      label="Mobile number"
      type="tel"
      required
      autoComplete="tel"
      helperText="A UK mobile number, such as 07400 123456."
    />
  );
}
