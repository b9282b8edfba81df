'use client';

import { serviceMessagesNote } from '@vet/contracts/contact-preference-rules';
import type { ContactPreferencesResponse } from '@vet/contracts/contact-preferences';
import { useState } from 'react';
import { failureMessage } from '@/shared/api/failure-message';
import { AppAlert } from '@/shared/components/app-alert';
import { FormFooter } from '@/shared/components/form-footer';
import { UnsavedChangesGuard } from '@/shared/components/unsaved-changes-guard';
import { ContactPreferenceChoices } from '@/shared/contact-preferences/contact-preference-choices';
import { useZodForm } from '@/shared/forms/use-zod-form';
import { useToast } from '@/shared/toast/use-toast';
import { useUpdateContactPreferences } from '@/features/client-details/api/update-contact-preferences';
import { lastUpdatedText } from '@/features/client-details/last-updated';
import { Section } from './section';
import typography from '@/shared/ui/typography.module.css';
import styles from './contact-preferences-form.module.css';

/** PUT /client/contact-preferences' body schema, loaded when first needed (decision 0033). */
const contactPreferencesRules = () =>
  import('@vet/contracts/contact-preferences').then(
    (contract) => contract.updateContactPreferencesBodySchema,
  );

export interface ContactPreferencesFormProps {
  current: ContactPreferencesResponse;
  /** Refreshes the profile: its requireContactPreferencesUpdate turns false once saved (R4.3). */
  onSaved: () => Promise<void>;
}

/**
 * Contact preferences (/client-detail/contact-preferences, R3.4): a yes/no per purpose × channel. Saving,
 * changed or not, confirms them (lastConfirmedAt), which ends the redirect of R4.3 until they are due
 * again. The caller remounts it (key) when the saved confirmation changes.
 */
export function ContactPreferencesForm({ current, onSaved }: ContactPreferencesFormProps) {
  const save = useUpdateContactPreferences(onSaved);
  const { showToast } = useToast();
  const [initial] = useState(() => ({ preferences: current.preferences }));
  const form = useZodForm(contactPreferencesRules, initial);
  const [failure, setFailure] = useState<string | null>(null);
  const preferences = form.field('preferences');

  const submit = form.handleSubmit(async (body) => {
    setFailure(null);
    try {
      await save.mutateAsync(body);
      showToast('Your contact preferences have been saved.', 'success');
    } catch (error) {
      setFailure(failureMessage(error));
    }
  });

  const dirty = JSON.stringify(form.values) !== JSON.stringify(initial);
  return (
    <form noValidate onSubmit={submit} aria-label="Contact preferences" className={styles.form}>
      <UnsavedChangesGuard
        dirty={dirty && !form.submitting}
        description="You have not saved your contact preferences."
      />
      <p className={typography.secondary}>{lastUpdatedText(current.lastConfirmedAt)}</p>
      {current.requireContactPreferencesUpdate && (
        <AppAlert severity="info" title="Please check how we contact you">
          We ask you to confirm your contact preferences every two years. Check them below and save, even if
          nothing has changed.
        </AppAlert>
      )}
      <Section title="What we send you">
        <ContactPreferenceChoices value={preferences.value} onChange={preferences.onChange} />
      </Section>
      <Section title="Messages we always send">
        <p>{serviceMessagesNote}</p>
      </Section>
      {failure && <AppAlert severity="error">{failure}</AppAlert>}
      <FormFooter backHref="/client-detail" submitLabel="Save preferences" submitting={form.submitting} />
    </form>
  );
}
