'use client';

import type { Address } from '@vet/contracts/address-lookup';
import type { ClientDetails } from '@vet/contracts/client-details';
import type { Salutation } from '@vet/contracts/lookups';
import type { OnlinePractice } from '@vet/contracts/practices';
import { useRef, useState } from 'react';
import { AddressFields, addressFieldValues } from '@/shared/address/address-fields';
import { AddressFinder } from '@/shared/address/address-finder';
import { failureMessage } from '@/shared/api/failure-message';
import { AppAlert } from '@/shared/components/app-alert';
import { AutocompleteField } from '@/shared/components/autocomplete-field';
import { FormFooter } from '@/shared/components/form-footer';
import { UnsavedChangesGuard } from '@/shared/components/unsaved-changes-guard';
import { FormTextField } from '@/shared/forms/form-text-field';
import { MobileField, PersonNameFields } from '@/shared/forms/person-fields';
import { useServerFieldErrors } from '@/shared/forms/use-server-field-errors';
import { useZodForm } from '@/shared/forms/use-zod-form';
import { useSalutations } from '@/shared/lookups/get-salutations';
import { useToast } from '@/shared/toast/use-toast';
import { useUpdateClientDetails } from '@/features/client-details/api/update-client-details';
import {
  clientDetailsFieldOf,
  clientDetailsFormValues,
  type ClientDetailsFieldName,
} from '@/features/client-details/client-details-form-values';
import { Section } from './section';
import { TextLink } from '@/shared/ui/text-link';
import typography from '@/shared/ui/typography.module.css';
import styles from './client-details-form.module.css';

/** The form's rules, loaded when first needed (decision 0033). */
const clientDetailsRules = () =>
  import('@/features/client-details/client-details-form-schema').then(
    (rules) => rules.clientDetailsFormSchema,
  );

export interface ClientDetailsFormProps {
  details: ClientDetails;
  practices: readonly OnlinePractice[] | undefined;
  practicesLoading: boolean;
  /** Refreshes the profile (the header's name, the home practice) after a save. */
  onSaved: () => Promise<void>;
}

/**
 * "Your details" (/client-detail): the client's own record, checked field by field with the contract's
 * rules (R5.1); the API's 400 issues land on their fields too. Leaving with unsaved changes asks first.
 * The caller remounts it (key) when the saved record changes, so the saved values are the new start.
 */
export function ClientDetailsForm({ details, practices, practicesLoading, onSaved }: ClientDetailsFormProps) {
  const salutations = useSalutations();
  const update = useUpdateClientDetails(onSaved);
  const { showToast } = useToast();
  const formRef = useRef<HTMLFormElement>(null);
  const [initial] = useState(() => clientDetailsFormValues(details));
  const form = useZodForm(clientDetailsRules, initial);
  const server = useServerFieldErrors<ClientDetailsFieldName>(formRef);
  const [failure, setFailure] = useState<string | null>(null);

  const bind = <N extends ClientDetailsFieldName>(name: N) => server.withServerError(name, form.field(name));

  const fillAddress = (address: Address) => {
    for (const [name, value] of addressFieldValues(address)) {
      bind(name).onChange(value);
      form.touch(name);
    }
  };

  const submit = form.handleSubmit(async (body) => {
    setFailure(null);
    try {
      await update.mutateAsync(body);
      showToast('Your details have been saved.', 'success');
    } catch (error) {
      if (!server.showIssues(error, clientDetailsFieldOf)) setFailure(failureMessage(error));
    }
  });

  const salutationField = bind('salutationId');
  const salutation = salutations.data?.find((s) => s.salutationId === salutationField.value) ?? null;
  const practiceField = bind('homePracticeId');
  const practiceOptions = practices ?? [];
  const selectedPractice =
    practiceOptions.find((practice) => practice.id === practiceField.value) ??
    (practiceField.value === details.homePracticeId
      ? { id: details.homePracticeId, name: details.homePracticeName, phone: details.homePracticePhone }
      : null);
  const practiceChanged = practiceField.value !== details.homePracticeId && practiceField.value !== null;
  const dirty = JSON.stringify(form.values) !== JSON.stringify(initial);

  return (
    <form ref={formRef} noValidate onSubmit={submit} aria-label="Your details" className={styles.form}>
      <UnsavedChangesGuard dirty={dirty && !form.submitting} description="You have not saved your details." />
      <Section title="About you">
        <div className={styles.narrow}>
          <AutocompleteField<Salutation>
            label="Title"
            name={salutationField.name}
            required
            options={salutations.data ?? []}
            value={salutation}
            onChange={(chosen) => salutationField.onChange(chosen?.salutationId ?? null)}
            onBlur={salutationField.onBlur}
            touched={salutationField.touched}
            errorText={salutationField.errorText}
            getOptionLabel={(s) => s.salutationDescription}
            isOptionEqualToValue={(a, b) => a.salutationId === b.salutationId}
            loading={salutations.isPending}
          />
        </div>
        <PersonNameFields firstName={bind('firstName')} lastName={bind('lastName')} idPrefix="details" />
      </Section>
      <Section title="How to reach you">
        <div>
          <h3 className={styles.emailHeading}>E-mail address</h3>
          <p className={styles.email}>{details.email ?? 'None on file'}</p>
          <p className={typography.secondary}>
            The address your practice has on file, which your practice changes for you. The address you sign
            in with is kept by your sign-in account, which confirms a new address with a code first:{' '}
            <TextLink href="/api/sign-in-email" external>
              change your sign-in e-mail
            </TextLink>
            .
          </p>
        </div>
        <MobileField field={bind('mobilePhone')} idPrefix="details" />
        <FormTextField
          {...bind('homePhone')}
          id="details-home-phone"
          label="Home phone (optional)"
          type="tel"
          autoComplete="tel"
          helperText="A UK phone number, such as 01423 123456."
        />
      </Section>
      <Section title="Your address">
        <AddressFinder
          onAddress={fillAddress}
          manualFieldId="details-line1"
          manualHint="Or change your address yourself:"
        />
        <AddressFields
          fields={{
            line1: bind('line1'),
            line2: bind('line2'),
            town: bind('town'),
            county: bind('county'),
            postcode: bind('postcode'),
          }}
          idPrefix="details"
        />
      </Section>
      <Section title="Your home practice">
        {/* No helper text under the field: shown on blur, it would move the Save button under the pointer. */}
        <p>The practice where your pets are usually seen.</p>
        <AutocompleteField<Pick<OnlinePractice, 'id' | 'name' | 'phone'>>
          label="Home practice"
          name={practiceField.name}
          required
          options={practiceOptions}
          value={selectedPractice}
          onChange={(practice) => practiceField.onChange(practice?.id ?? null)}
          onBlur={practiceField.onBlur}
          touched={practiceField.touched}
          errorText={practiceField.errorText}
          getOptionLabel={(practice) => practice.name}
          isOptionEqualToValue={(option, value) => option.id === value.id}
          loading={practicesLoading}
        />
        {practiceChanged ? (
          <AppAlert severity="info" title="Changing your home practice">
            Appointments you have already booked stay at the practice where you booked them. New appointments
            and pet registrations will be with {selectedPractice?.name ?? 'your new practice'}.
          </AppAlert>
        ) : (
          <p className={typography.secondary}>
            If you change it, appointments you have already booked stay at the practice where you booked them.
          </p>
        )}
      </Section>
      {failure && <AppAlert severity="error">{failure}</AppAlert>}
      <FormFooter backHref="/" submitLabel="Save changes" submitting={form.submitting} />
    </form>
  );
}
