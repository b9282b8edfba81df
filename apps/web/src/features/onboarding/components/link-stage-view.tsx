'use client';

import type { LinkStage } from '@vet/contracts/link-stage';
import { codeValidMinutes } from '@vet/contracts/verification';
import { useEffect, useState, type ReactNode } from 'react';
import { AppAlert } from '@/shared/components/app-alert';
import { useWaitForInvitation } from '@/features/onboarding/api/link-stage';
import { failureMessage } from '@/shared/api/failure-message';
import { Button } from '@/shared/ui/button';
import { TextLink } from '@/shared/ui/text-link';
import { PracticeContact } from './practice-contact';
import { SendNewCodeButton, useSendNewCode } from './send-new-code';
import { StepHeading } from './step-heading';
import styles from './link-stage-view.module.css';

/** The stages this page shows: a linked person goes to the dashboard, one with no check to the check. */
export type ShownLinkStage = Exclude<LinkStage, { stage: 'linked' } | { stage: 'no-check' }>;

export interface LinkStageViewProps {
  stage: ShownLinkStage;
  /** A new code went out: the caller refreshes the profile (now STARTED) and opens the code entry. */
  onCodeSent: () => void;
}

export const timeOfDay = (iso: string) =>
  new Date(iso).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });

/**
 * Where a signed-in person who is not linked yet stands (R2.34, decision 0077), and the one next
 * step: a code sent (to a masked address, at a time; a new one when the rules allow), an invitation
 * expected, or the practice must help (its phone a tap-to-call link).
 */
export function LinkStageView({ stage, onCodeSent }: LinkStageViewProps) {
  switch (stage.stage) {
    case 'code-sent':
      return <CodeSent stage={stage} onCodeSent={onCodeSent} />;
    case 'invitation-expected':
      return <InvitationExpected stage={stage} />;
    case 'contact-practice':
      return <ContactPractice stage={stage} />;
  }
}

function NextStep({ children }: { children: ReactNode }) {
  return (
    <section aria-labelledby="next-step-heading" className={styles.nextStep}>
      <h3 id="next-step-heading" className={styles.nextStepHeading}>
        Your next step
      </h3>
      {children}
    </section>
  );
}

/** True from `iso` on; re-renders when that moment comes (a timer to the condition, not a poll). */
function useReached(iso: string | null): boolean {
  const at = iso === null ? null : Date.parse(iso);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (at === null || at <= now) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.max(0, at - Date.now()));
    return () => clearTimeout(timer);
  }, [at, now]);
  return at !== null && at <= now;
}

function CodeSent({
  stage,
  onCodeSent,
}: {
  stage: Extract<LinkStage, { stage: 'code-sent' }>;
  onCodeSent: () => void;
}) {
  const { send, sending, problem } = useSendNewCode(onCodeSent);
  const expired = useReached(stage.expiresAt);
  const mayResend = useReached(stage.resendAt);

  return (
    <div className={styles.root}>
      <div>
        <StepHeading>{expired ? 'Your code has stopped working' : 'We have e-mailed you a code'}</StepHeading>
        <p>
          We sent a 6-digit code to <span className={styles.masked}>{stage.maskedEmail}</span> at{' '}
          {timeOfDay(stage.sentAt)}.{' '}
          {expired
            ? `A code works for ${codeValidMinutes} minutes, so that one no longer links your account.`
            : `It works until ${timeOfDay(stage.expiresAt)}.`}
        </p>
      </div>
      <NextStep>
        {!expired ? (
          <>
            <p className={styles.nextStepText}>Type the code from the e-mail in to link your account.</p>
            <Button href="/verified" variant="contained" size="large">
              Enter your code
            </Button>
          </>
        ) : stage.resendAt === null ? (
          <p>
            We have sent the most codes we can today. Please come back tomorrow for a new code, or call your
            practice.
          </p>
        ) : (
          <>
            <p className={styles.nextStepText}>
              {mayResend
                ? 'Ask for a new code: we will e-mail it to the same address.'
                : `You can ask for a new code from ${timeOfDay(stage.resendAt)}.`}
            </p>
            {mayResend && <SendNewCodeButton variant="contained" sending={sending} onSend={send} />}
          </>
        )}
        {problem && (
          <div className={styles.other}>
            <AppAlert severity="warning">{problem}</AppAlert>
          </div>
        )}
      </NextStep>
    </div>
  );
}

function InvitationExpected({ stage }: { stage: Extract<LinkStage, { stage: 'invitation-expected' }> }) {
  const { name, phone } = stage.practice;
  return (
    <div className={styles.root}>
      <div>
        <StepHeading>
          {stage.reason === 'invited'
            ? 'Your practice has invited you'
            : "Waiting for your practice's invitation"}
        </StepHeading>
        <p>
          {stage.reason === 'invited'
            ? `${name} has e-mailed an invitation to the address you signed in with.`
            : `You are waiting for ${name} to e-mail you an invitation.`}{' '}
          The invitation links your account to your client record: your pets, appointments and details.
        </p>
      </div>
      <NextStep>
        <p className={styles.nextStepText}>
          Open the link in the invitation e-mail while signed in to this account. If it has not arrived, check
          your spam folder.
        </p>
        <PracticeContact name={name} phone={phone} />
        <p className={styles.other}>
          Or <TextLink href="/registration">find your record yourself</TextLink> with your last name, postcode
          and e-mail.
        </p>
      </NextStep>
    </div>
  );
}

function ContactPractice({ stage }: { stage: Extract<LinkStage, { stage: 'contact-practice' }> }) {
  const wait = useWaitForInvitation();
  const { id, name, phone } = stage.practice;
  return (
    <div className={styles.root}>
      <div>
        <StepHeading>Your practice needs to help</StepHeading>
        <p>
          We could not link your account to a client record by ourselves. {name} can check your details and
          send you an invitation to the portal.
        </p>
      </div>
      <NextStep>
        <div className={styles.nextStepText}>
          <PracticeContact name={name} phone={phone} />
        </div>
        <p className={styles.nextStepText}>
          When your practice has said it will send you an invitation, tell us so here and we will remember.
        </p>
        <Button
          variant="outlined"
          size="large"
          onClick={() => wait.mutate({ practiceId: id })}
          disabled={wait.isPending}
          aria-busy={wait.isPending || undefined}
        >
          {wait.isPending ? 'Saving...' : 'My practice is sending an invitation'}
        </Button>
        {wait.isError && (
          <div className={styles.other}>
            <AppAlert severity="error">{failureMessage(wait.error)}</AppAlert>
          </div>
        )}
      </NextStep>
    </div>
  );
}
