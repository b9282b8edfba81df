'use client';

import type { ClientProfile } from '@vet/contracts/profile';
import { codeValidMinutes } from '@vet/contracts/verification';
import { useState } from 'react';
import { AppAlert } from '@/shared/components/app-alert';
import { FormFooter } from '@/shared/components/form-footer';
import { FormTextField } from '@/shared/forms/form-text-field';
import { useZodForm } from '@/shared/forms/use-zod-form';
import { trackEvent } from '@/shared/telemetry/track-event';
import { useVerifyClient } from '@/features/onboarding/api/verify-client';
import { useLinkStage } from '@/features/onboarding/api/link-stage';
import { apiProblem } from '@/shared/api/api-problem';
import { failureDescription, failureMessage } from '@/shared/api/failure-message';
import { codeRules } from '@/features/onboarding/form-rules';
import { AlreadyLinked } from './already-linked';
import { timeOfDay } from './link-stage-view';
import { ResendCode } from './resend-code';
import styles from './code-entry.module.css';

/**
 * The code from the e-mail, typed in (a STARTED person, R3.2). A wrong code says so under the field with
 * the tries left (the API's words); a used-up or expired one is answered by sending a new code.
 */
export function CodeEntry({ onLinked }: { onLinked: (profile: ClientProfile) => void }) {
  const verify = useVerifyClient();
  const form = useZodForm(codeRules, { code: '' });
  const [codeProblem, setCodeProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<{ alreadyLinked: boolean; message: string } | null>(null);
  const code = form.field('code');
  // Where the code went, masked, and when (decision 0077); the plain sentence until that is known.
  const stage = useLinkStage().data;
  const sent = stage?.stage === 'code-sent' ? stage : null;

  const submit = form.handleSubmit(async ({ code: typed }) => {
    setFailure(null);
    setCodeProblem(null);
    try {
      onLinked(await verify.mutateAsync({ code: typed }));
    } catch (error) {
      trackEvent('Sign Up Failed', {
        signUpFailedReason: 'VerificationFailed',
        errorMessage: failureDescription(error),
      });
      const problem = apiProblem(error);
      if (problem.status === 400) setCodeProblem(problem.message ?? 'That code did not work.');
      else setFailure({ alreadyLinked: problem.status === 409, message: failureMessage(error) });
    }
  });

  return (
    <div className={styles.root}>
      <p>
        {sent ? (
          <>
            We e-mailed a 6-digit code to <span className={styles.masked}>{sent.maskedEmail}</span> at{' '}
            {timeOfDay(sent.sentAt)}.
          </>
        ) : (
          'We have e-mailed a 6-digit code to the address we hold for you.'
        )}{' '}
        Type it in here to link your account. The code works for {codeValidMinutes} minutes.
      </p>
      {failure?.alreadyLinked && <AlreadyLinked message={failure.message} />}
      {failure && !failure.alreadyLinked && <AppAlert severity="error">{failure.message}</AppAlert>}
      <form noValidate onSubmit={submit} aria-label="Verification code">
        <FormTextField
          {...code}
          onChange={(value) => {
            setCodeProblem(null);
            code.onChange(value);
          }}
          errorText={codeProblem ?? code.errorText}
          touched={code.touched || codeProblem !== null}
          id="verification-code"
          label="6-digit code"
          required
          inputAttributes={{ autoComplete: 'one-time-code', inputMode: 'numeric' }}
          maxLength={6}
          className={styles.code}
        />
        <FormFooter submitLabel="Link my account" submitting={form.submitting} />
      </form>
      <ResendCode />
    </div>
  );
}
