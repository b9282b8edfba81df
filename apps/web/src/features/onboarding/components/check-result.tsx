'use client';

import type { ReactNode } from 'react';
import { AppAlert } from '@/shared/components/app-alert';
import { TextButton } from '@/shared/components/text-button';
import { Button } from '@/shared/ui/button';
import type { CheckStep } from '@/features/onboarding/check-outcome';
import { PracticeContact } from './practice-contact';
import { StepHeading } from './step-heading';
import styles from './check-result.module.css';

/** The steps a check's result shows on the page (code-sent moves on to /verified, failed stays on the form). */
export type ShownStep = Exclude<CheckStep, { kind: 'code-sent' } | { kind: 'failed' }>;

export interface CheckResultProps {
  step: ShownStep;
  practiceName: string | null;
  practicePhone: string | null;
  /** Confirms a ChooseEmail or ChoosePostcode offer: the code goes out. */
  onConfirm: (checkToken: string) => void;
  confirming: boolean;
  confirmError: string | null;
  /** "That address is not mine": the practice can help. */
  onDecline: () => void;
  onChangeDetails: () => void;
  onLogout: () => void;
}

/** What a check found, and the way on from there (check-outcome.ts says which step is which). */
export function CheckResult(props: CheckResultProps) {
  const { step } = props;
  const practice = props.practiceName ?? 'your practice';
  const changeDetails = (
    <TextButton onClick={props.onChangeDetails} className={styles.changeDetails}>
      Change my details
    </TextButton>
  );

  switch (step.kind) {
    case 'confirm-email':
      return (
        <Offer
          {...props}
          checkToken={step.checkToken}
          heading="Send your code to the e-mail address we hold?"
          confirmLabel="Send the code"
          declineLabel="I cannot use that address"
          footer={changeDetails}
        >
          <p>
            We found your record at {practice}, but with a different e-mail address from the one you gave:
          </p>
          <Masked>{step.maskedEmail}</Masked>
          <p>We can send a 6-digit code to that address. Once you type it in, your account is linked.</p>
        </Offer>
      );
    case 'confirm-postcode':
      return (
        <Offer
          {...props}
          checkToken={step.checkToken}
          heading="Is this your address?"
          confirmLabel="Yes, send me a code"
          declineLabel="No, this is not my address"
          footer={changeDetails}
        >
          <p>
            We found your record at {practice}, with{' '}
            {step.maskedPostcodes.length === 1 ? 'this postcode' : 'these postcodes'}:
          </p>
          {step.maskedPostcodes.map((postcode) => (
            <Masked key={postcode}>{postcode}</Masked>
          ))}
          <p>
            If it is yours, we will e-mail you a 6-digit code to link your account, at the address we hold.
          </p>
        </Offer>
      );
    case 'linked-elsewhere':
      return (
        <section>
          <StepHeading>This record is already linked to another account</StepHeading>
          <p className={styles.lead}>
            If you have signed up before, perhaps with another e-mail address, log out and sign in with that
            account. If you have not, your practice can help.
          </p>
          <PracticeContact name={props.practiceName} phone={props.practicePhone} />
          <div className={styles.actions}>
            <Button variant="contained" size="large" onClick={props.onLogout}>
              Log out and sign in with that account
            </Button>
          </div>
          {changeDetails}
        </section>
      );
    case 'contact-practice':
      return (
        <section>
          <StepHeading>Please contact your practice</StepHeading>
          <p className={styles.lead}>
            We could not link your account online. Your practice can check your details and help you.
          </p>
          <PracticeContact name={props.practiceName} phone={props.practicePhone} />
          {changeDetails}
        </section>
      );
    case 'new-client':
      return (
        <section>
          <StepHeading>We could not find you at {practice}</StepHeading>
          <p className={styles.lead}>
            If you are already a client there, check your last name, postcode and e-mail address: they need to
            be as your practice holds them. If you are new to the practice, register as a new client.
          </p>
          <div className={styles.actions}>
            <Button href={step.href} variant="contained" size="large">
              Register as a new client
            </Button>
          </div>
          {changeDetails}
        </section>
      );
  }
}

function Masked({ children }: { children: ReactNode }) {
  return <p className={styles.masked}>{children}</p>;
}

function Offer(
  props: CheckResultProps & {
    checkToken: string;
    heading: string;
    confirmLabel: string;
    declineLabel: string;
    footer: ReactNode;
    children: ReactNode;
  },
) {
  return (
    <section>
      <StepHeading>{props.heading}</StepHeading>
      {props.children}
      {props.confirmError && (
        <div className={styles.confirmError}>
          <AppAlert severity="error">{props.confirmError}</AppAlert>
        </div>
      )}
      <div className={styles.actions}>
        <Button
          variant="contained"
          size="large"
          disabled={props.confirming}
          aria-busy={props.confirming || undefined}
          onClick={() => props.onConfirm(props.checkToken)}
        >
          {props.confirming ? 'Sending...' : props.confirmLabel}
        </Button>
        <Button variant="outlined" size="large" disabled={props.confirming} onClick={props.onDecline}>
          {props.declineLabel}
        </Button>
      </div>
      {props.footer}
    </section>
  );
}
