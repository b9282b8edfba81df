'use client';

import type { PracticeOptions } from '@/features/onboarding/practice-options';
import type { FormEvent } from 'react';
import { AppAlert } from '@/shared/components/app-alert';
import { FormFooter } from '@/shared/components/form-footer';
import { LoadError } from '@/shared/components/load-error';
import { FormTextField } from '@/shared/forms/form-text-field';
import type { BoundField } from '@/shared/forms/use-zod-form';
import type { FindRecordFormValues } from '@/features/onboarding/form-values';
import { PracticeField } from './practice-field';
import styles from './find-record-form.module.css';

type Fields = { [Name in keyof FindRecordFormValues]: BoundField<FindRecordFormValues[Name]> };

export interface FindRecordFormProps {
  fields: Fields;
  practices: PracticeOptions;
  /** The chosen practice takes no registrations online (R4.15): the form cannot go on. */
  blocked: boolean;
  submitting: boolean;
  failure: string | null;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}

/** "Find your record": practice, last name, postcode and e-mail, as the practice holds them (R4.16). */
export function FindRecordForm(props: FindRecordFormProps) {
  const { fields } = props;
  return (
    <form noValidate onSubmit={props.onSubmit} aria-label="Find your record" className={styles.form}>
      {props.failure && <AppAlert severity="error">{props.failure}</AppAlert>}
      {props.practices.failed && (
        <LoadError message="We could not load the practices." onRetry={props.practices.retry} />
      )}
      <PracticeField
        field={fields.PracticeId}
        practices={props.practices.list}
        loading={props.practices.loading}
      />
      <FormTextField
        {...fields.LastName}
        id="find-last-name"
        label="Last name"
        required
        autoComplete="family-name"
      />
      <FormTextField
        {...fields.PostCode}
        id="find-postcode"
        label="Postcode"
        required
        autoComplete="postal-code"
        helperText="The postcode of the address your practice has for you."
      />
      <FormTextField
        {...fields.Email}
        id="find-email"
        label="E-mail address"
        type="email"
        required
        autoComplete="email"
        helperText="The address your practice has for you."
      />
      <FormFooter submitLabel="Find my record" submitting={props.submitting} submitDisabled={props.blocked} />
    </form>
  );
}
