'use client';

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { AppAlert } from '@/shared/components/app-alert';
import { TextButton } from '@/shared/components/text-button';
import type { CheckStep } from '@/features/onboarding/check-outcome';
import { PortalLink } from '@/shared/navigation/portal-link';
import { PracticeContact } from './practice-contact';
import { StepHeading } from './step-heading';

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

const actionsSx = { display: 'flex', flexWrap: 'wrap', gap: 2, mt: 3 } as const;

/** What a check found, and the way on from there (check-outcome.ts says which step is which). */
export function CheckResult(props: CheckResultProps) {
  const { step } = props;
  const practice = props.practiceName ?? 'your practice';
  const changeDetails = (
    <TextButton onClick={props.onChangeDetails} sx={{ mt: 2, px: 0 }}>
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
          <Typography>
            We found your record at {practice}, but with a different e-mail address from the one you gave:
          </Typography>
          <Masked>{step.maskedEmail}</Masked>
          <Typography>
            We can send a 6-digit code to that address. Once you type it in, your account is linked.
          </Typography>
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
          <Typography>
            We found your record at {practice}, with{' '}
            {step.maskedPostcodes.length === 1 ? 'this postcode' : 'these postcodes'}:
          </Typography>
          {step.maskedPostcodes.map((postcode) => (
            <Masked key={postcode}>{postcode}</Masked>
          ))}
          <Typography>
            If it is yours, we will e-mail you a 6-digit code to link your account, at the address we hold.
          </Typography>
        </Offer>
      );
    case 'linked-elsewhere':
      return (
        <section>
          <StepHeading>This record is already linked to another account</StepHeading>
          <Typography sx={{ mb: 2 }}>
            If you have signed up before, perhaps with another e-mail address, log out and sign in with that
            account. If you have not, your practice can help.
          </Typography>
          <PracticeContact name={props.practiceName} phone={props.practicePhone} />
          <Box sx={actionsSx}>
            <Button variant="contained" size="large" onClick={props.onLogout}>
              Log out and sign in with that account
            </Button>
          </Box>
          {changeDetails}
        </section>
      );
    case 'contact-practice':
      return (
        <section>
          <StepHeading>Please contact your practice</StepHeading>
          <Typography sx={{ mb: 2 }}>
            We could not link your account online. Your practice can check your details and help you.
          </Typography>
          <PracticeContact name={props.practiceName} phone={props.practicePhone} />
          {changeDetails}
        </section>
      );
    case 'new-client':
      return (
        <section>
          <StepHeading>We could not find you at {practice}</StepHeading>
          <Typography sx={{ mb: 2 }}>
            If you are already a client there, check your last name, postcode and e-mail address: they need to
            be as your practice holds them. If you are new to the practice, register as a new client.
          </Typography>
          <Box sx={actionsSx}>
            <Button component={PortalLink} href={step.href} variant="contained" size="large">
              Register as a new client
            </Button>
          </Box>
          {changeDetails}
        </section>
      );
  }
}

function Masked({ children }: { children: ReactNode }) {
  return (
    <Typography sx={{ fontWeight: 600, fontSize: '1.125rem', my: 1.5, letterSpacing: '0.02em' }}>
      {children}
    </Typography>
  );
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
        <Box sx={{ mt: 2 }}>
          <AppAlert severity="error">{props.confirmError}</AppAlert>
        </Box>
      )}
      <Box sx={actionsSx}>
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
      </Box>
      {props.footer}
    </section>
  );
}
