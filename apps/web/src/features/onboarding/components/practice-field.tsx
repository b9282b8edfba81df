'use client';

import type { OnlinePractice } from '@vet/contracts/practices';
import { AutocompleteField } from '@/shared/components/autocomplete-field';
import { PracticeUnavailableAlert } from '@/shared/components/practice-unavailable-alert';
import type { BoundField } from '@/shared/forms/use-zod-form';
import styles from './practice-field.module.css';

export interface PracticeFieldProps {
  field: BoundField<number | null>;
  practices: readonly OnlinePractice[] | undefined;
  loading: boolean;
}

/** Whether a practice id may be chosen to go on: it exists and takes registrations online (R4.15). */
export function practiceAvailable(practices: readonly OnlinePractice[] | undefined, id: number | null) {
  const practice = practices?.find((p) => p.id === id);
  return practice === undefined || practice.onlineRegistrationAvailable;
}

/**
 * The home practice, chosen from the practices online (R2.24's autocomplete); one whose online
 * registration is unavailable shows R8.7's alert with its phone, and the form must not go on.
 */
export function PracticeField({ field, practices, loading }: PracticeFieldProps) {
  const selected = practices?.find((practice) => practice.id === field.value) ?? null;
  return (
    <div className={styles.root}>
      <AutocompleteField<OnlinePractice>
        label="Home practice"
        name={field.name}
        required
        options={practices ?? []}
        value={selected}
        onChange={(practice) => field.onChange(practice?.id ?? null)}
        onBlur={field.onBlur}
        touched={field.touched}
        errorText={field.errorText}
        helperText="The practice where your pets are seen."
        getOptionLabel={(practice) => practice.name}
        isOptionEqualToValue={(option, value) => option.id === value.id}
        loading={loading}
      />
      {selected && !selected.onlineRegistrationAvailable && (
        <PracticeUnavailableAlert practicePhone={selected.phone} />
      )}
    </div>
  );
}
