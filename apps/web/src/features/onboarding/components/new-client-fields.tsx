'use client';

import type { Address } from '@vet/contracts/address-lookup';
import type { Salutation } from '@vet/contracts/lookups';
import type { PracticeOptions } from '@/features/onboarding/practice-options';
import type { ReactNode } from 'react';
import { AutocompleteField } from '@/shared/components/autocomplete-field';
import { MobileField, PersonNameFields } from '@/shared/forms/person-fields';
import type { BoundField } from '@/shared/forms/use-zod-form';
import type { NewClientFormValues } from '@/features/onboarding/form-values';
import { AddressFields } from '@/shared/address/address-fields';
import { AddressFinder } from '@/shared/address/address-finder';
import { ContactPreferenceChoices } from '@/shared/contact-preferences/contact-preference-choices';
import { PracticeField } from './practice-field';
import typography from '@/shared/ui/typography.module.css';
import styles from './new-client-fields.module.css';

export type NewClientFields = {
  [Name in keyof NewClientFormValues]-?: BoundField<NewClientFormValues[Name]>;
};

export interface NewClientFieldsProps {
  fields: NewClientFields;
  email: string | null;
  salutations: readonly Salutation[] | undefined;
  salutationsLoading: boolean;
  practices: PracticeOptions;
  onAddress: (address: Address) => void;
}

/** The new client's details (R4.19), in four sections, each with its heading. */
export function NewClientFieldSections(props: NewClientFieldsProps) {
  const { fields } = props;
  const salutation = props.salutations?.find((s) => s.salutationId === fields.salutationId.value) ?? null;
  return (
    <>
      <Section title="About you">
        <div className={styles.narrow}>
          <AutocompleteField<Salutation>
            label="Title"
            name={fields.salutationId.name}
            required
            options={props.salutations ?? []}
            value={salutation}
            onChange={(chosen) => fields.salutationId.onChange(chosen?.salutationId ?? null)}
            onBlur={fields.salutationId.onBlur}
            touched={fields.salutationId.touched}
            errorText={fields.salutationId.errorText}
            getOptionLabel={(s) => s.salutationDescription}
            isOptionEqualToValue={(a, b) => a.salutationId === b.salutationId}
            loading={props.salutationsLoading}
          />
        </div>
        <PersonNameFields firstName={fields.firstName} lastName={fields.lastName} idPrefix="new" />
        <MobileField field={fields.mobilePhone} idPrefix="new" />
        <div>
          <p className={styles.emailLabel}>E-mail address</p>
          <p className={styles.email}>{props.email ?? 'Not shared by your sign-in'}</p>
          <p className={typography.secondary}>
            This is the address you sign in with; your practice will use it to contact you.
          </p>
        </div>
      </Section>
      <Section title="Your address">
        <AddressFinder
          onAddress={props.onAddress}
          manualFieldId="new-line1"
          manualHint="Or type your address in yourself:"
        />
        <AddressFields fields={fields} idPrefix="new" />
      </Section>
      <Section title="Your practice">
        <PracticeField
          field={fields.homePracticeId}
          practices={props.practices.list}
          loading={props.practices.loading}
        />
      </Section>
      <Section title="How we contact you">
        <ContactPreferenceChoices
          value={fields.contactPreferences.value}
          onChange={fields.contactPreferences.onChange}
        />
      </Section>
    </>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={styles.section}>
      <h2 className={styles.sectionTitle}>{title}</h2>
      {children}
    </section>
  );
}
