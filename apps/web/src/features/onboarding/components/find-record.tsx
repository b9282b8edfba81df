'use client';

import type { SignupCheckResponse, VerificationResult } from '@vet/contracts/onboarding';
import type { PracticeOptions } from '@/features/onboarding/practice-options';
import { useRef, useState } from 'react';
import { useLogout } from '@/shared/auth-session/logout-context';
import { useZodForm } from '@/shared/forms/use-zod-form';
import { trackEvent } from '@/shared/telemetry/track-event';
import { useCheckSignup } from '@/features/onboarding/api/check-signup';
import { useCompleteSignup } from '@/features/onboarding/api/complete-signup';
import { submissionFailedMessage } from '@/shared/api/api-problem';
import { failureDescription, failureMessage } from '@/shared/api/failure-message';
import { checkStep, clientMatched } from '@/features/onboarding/check-outcome';
import { findRecordRules } from '@/features/onboarding/form-rules';
import { usePortalRouter } from '@/shared/navigation/use-portal-router';
import { CheckResult, type ShownStep } from './check-result';
import { FindRecordForm } from './find-record-form';
import { practiceAvailable } from './practice-field';

export interface FindRecordProps {
  practices: PracticeOptions;
  /** The signed-in identity's e-mail address, when the session has it. */
  initialEmail: string;
  initialPracticeId: number | null;
  /** A code went out and the profile is STARTED now: the caller refreshes the cached profile. */
  refreshProfile: () => Promise<unknown>;
}

/** R1.7: what each check is reported as (no personal data: the result and the practice only). */
function trackCheck(result: VerificationResult, practiceId: number) {
  trackEvent('New Client Checked', { clientCheckResult: result, practiceId });
  const matched = clientMatched(result);
  if (matched !== undefined) trackEvent('Client Matched', { clientMatched: matched, practiceId });
}

/**
 * /registration: the person says who they are at their practice (GET /signup/check), and each result
 * leads on (check-outcome.ts): to the code at /verified, to an offer to confirm, to signing in with
 * another account, to the practice's phone, or to registering as a new client.
 */
export function FindRecord(props: FindRecordProps) {
  // Busy from sending until the next page arrives: never sent twice (decision 0047).
  const { router, navigating } = usePortalRouter();
  const { logout } = useLogout();
  const check = useCheckSignup();
  const complete = useCompleteSignup();
  const formArea = useRef<HTMLDivElement>(null);
  const form = useZodForm(findRecordRules, {
    PracticeId: props.initialPracticeId,
    LastName: '',
    PostCode: '',
    Email: props.initialEmail,
  });
  const [found, setFound] = useState<{ step: ShownStep; answer: SignupCheckResponse } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [confirmError, setConfirmError] = useState<string | null>(null);
  const blocked = !practiceAvailable(props.practices.list, form.values.PracticeId);

  const goToCode = async () => {
    await props.refreshProfile();
    router.push('/verified');
  };

  const submit = form.handleSubmit(async (query) => {
    if (blocked) return;
    setFailure(null);
    let answer: SignupCheckResponse;
    try {
      answer = await check.mutateAsync(query);
    } catch (error) {
      trackCheck('CheckFailed', query.PracticeId);
      trackEvent('Sign Up Failed', {
        signUpFailedReason: 'CheckFailed',
        errorMessage: failureDescription(error),
      });
      setFailure(failureMessage(error));
      return;
    }
    trackCheck(answer.result, query.PracticeId);
    const step = checkStep(answer, query.PracticeId);
    if (step.kind === 'failed') {
      trackEvent('Sign Up Failed', { signUpFailedReason: 'CheckFailed' });
      setFailure(submissionFailedMessage);
    } else if (step.kind === 'code-sent') {
      await goToCode();
    } else {
      setConfirmError(null);
      setFound({ step, answer });
    }
  });

  const confirm = async (checkToken: string) => {
    setConfirmError(null);
    try {
      await complete.mutateAsync(checkToken);
    } catch (error) {
      trackEvent('Sign Up Failed', {
        signUpFailedReason: 'CompleteSignupFailed',
        errorMessage: failureDescription(error),
      });
      setConfirmError(failureMessage(error));
      return;
    }
    await goToCode();
  };

  const changeDetails = () => {
    setFound(null);
    // Back to the form, where the person left it.
    requestAnimationFrame(() =>
      formArea.current?.querySelector<HTMLElement>('input:not([type=hidden])')?.focus(),
    );
  };

  if (found) {
    return (
      <CheckResult
        step={found.step}
        practiceName={found.answer.practiceName}
        practicePhone={found.answer.practicePhone}
        onConfirm={(token) => void confirm(token)}
        confirming={complete.isPending || complete.isSuccess}
        confirmError={confirmError}
        onDecline={() => setFound({ ...found, step: { kind: 'contact-practice' } })}
        onChangeDetails={changeDetails}
        onLogout={() => void logout()}
      />
    );
  }

  const fields = {
    PracticeId: form.field('PracticeId'),
    LastName: form.field('LastName'),
    PostCode: form.field('PostCode'),
    Email: form.field('Email'),
  };
  return (
    <div ref={formArea}>
      <FindRecordForm
        fields={fields}
        practices={props.practices}
        blocked={blocked}
        submitting={form.submitting || navigating}
        failure={failure}
        onSubmit={submit}
      />
    </div>
  );
}
