'use client';

import type { Address } from '@vet/contracts/address-lookup';
import type { PracticeOptions } from '@/features/onboarding/practice-options';
import type { ClientProfile } from '@vet/contracts/profile';
import { useRef, useState } from 'react';
import { AppAlert } from '@/shared/components/app-alert';
import { FormFooter } from '@/shared/components/form-footer';
import { LoadError } from '@/shared/components/load-error';
import { OnDemand } from '@/shared/components/on-demand';
import { UnsavedChangesGuard } from '@/shared/components/unsaved-changes-guard';
import { useServerFieldErrors } from '@/shared/forms/use-server-field-errors';
import { useZodForm } from '@/shared/forms/use-zod-form';
import { trackEventOnDemand } from '@/shared/telemetry/track-event-on-demand';
import { useSalutations } from '@/shared/lookups/get-salutations';
import { useSignUpNewClient } from '@/features/onboarding/api/sign-up-new-client';
import { addressFieldValues } from '@/shared/address/address-fields';
import { apiProblem } from '@/shared/api/api-problem';
import { failureDescription, failureMessage } from '@/shared/api/failure-message';
import { newClientRules } from '@/features/onboarding/form-rules';
import {
  emptyNewClientForm,
  newClientFieldOf,
  type NewClientFieldName,
} from '@/features/onboarding/form-values';
import { NewClientFieldSections, type NewClientFields } from './new-client-fields';
import { practiceAvailable } from './practice-field';
import { afterLinkingDestination } from '@/shared/storage/after-linking';
import { usePortalRouter } from '@/shared/navigation/use-portal-router';
import styles from './new-client-form.module.css';

// Drawn only after a 409, so it is not part of the page's first load (decision 0150's page weight).
const loadAlreadyLinked = () => import('./already-linked').then((module) => module.AlreadyLinked);

export interface NewClientFormProps {
  practices: PracticeOptions;
  /** The signed-in identity's e-mail (the API takes it from the token, never from the form). */
  email: string | null;
  initialPracticeId: number | null;
  /** The new client's profile, COMPLETED: the caller puts it in the cache. */
  onRegistered: (profile: ClientProfile) => void;
}

const componentName = 'NewClientForm';

/**
 * /registration-new (R4.19): a new client of the chosen practice. Checked field by field with the
 * contract's rules as the person goes (R5.1); the API's 400 issues land on their fields too. Leaving a
 * half-filled form asks first (R2.27).
 */
export function NewClientForm(props: NewClientFormProps) {
  // Busy from sending until the next page arrives: never sent twice (decision 0047).
  const { router, navigating } = usePortalRouter();
  const salutations = useSalutations();
  const signUp = useSignUpNewClient();
  const formRef = useRef<HTMLFormElement>(null);
  const [initial] = useState(() => emptyNewClientForm(props.initialPracticeId));
  const form = useZodForm(newClientRules, initial);
  const server = useServerFieldErrors<NewClientFieldName>(formRef);
  const [failure, setFailure] = useState<{ alreadyLinked: boolean; message: string } | null>(null);
  const [registered, setRegistered] = useState(false);
  const blocked = !practiceAvailable(props.practices.list, form.values.homePracticeId);

  const bind = <N extends NewClientFieldName>(name: N) => server.withServerError(name, form.field(name));
  const fields = Object.fromEntries(
    (Object.keys(initial) as NewClientFieldName[]).map((name) => [name, bind(name)]),
  ) as NewClientFields;

  const fillAddress = (address: Address) => {
    for (const [name, value] of addressFieldValues(address)) {
      fields[name].onChange(value);
      form.touch(name);
    }
  };

  const submit = form.handleSubmit(async (body) => {
    if (blocked) return;
    setFailure(null);
    try {
      const profile = await signUp.mutateAsync(body);
      setRegistered(true);
      trackEventOnDemand('Registration Succeeded', { componentName, practiceId: body.homePracticeId });
      props.onRegistered(profile);
      router.push(afterLinkingDestination());
    } catch (error) {
      const problem = apiProblem(error);
      trackEventOnDemand('Registration Failed', {
        componentName,
        errorMessage: failureDescription(error),
        errors: problem.issues.map((issue) => issue.path),
      });
      if (!server.showIssues(error, newClientFieldOf)) {
        setFailure({ alreadyLinked: problem.status === 409, message: failureMessage(error) });
      }
    }
  });

  const dirty = JSON.stringify(form.values) !== JSON.stringify(initial);
  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={submit}
      aria-label="Register as a new client"
      className={styles.form}
    >
      <UnsavedChangesGuard dirty={dirty && !registered} description="You have not finished registering." />
      {props.practices.failed && (
        <LoadError message="We could not load the practices." onRetry={props.practices.retry} />
      )}
      <NewClientFieldSections
        fields={fields}
        email={props.email}
        salutations={salutations.data}
        salutationsLoading={salutations.isPending}
        practices={props.practices}
        onAddress={fillAddress}
      />
      {failure?.alreadyLinked && (
        <OnDemand wanted load={loadAlreadyLinked} props={{ message: failure.message }} />
      )}
      {failure && !failure.alreadyLinked && <AppAlert severity="error">{failure.message}</AppAlert>}
      <FormFooter
        backHref="/registration"
        submitLabel="Register"
        submitting={form.submitting || navigating}
        submitDisabled={blocked}
      />
    </form>
  );
}
