'use client';

import { useState } from 'react';
import { useResendCode } from '@/features/onboarding/api/resend-code';
import { failureMessage } from '@/shared/api/failure-message';
import { Button } from '@/shared/ui/button';

/**
 * "Send a new code" (POST /signup/resend): `onSent` once a new code went, or the problem in the API's own
 * words when it refuses (429: too soon, or too many today; R4.17).
 */
export function useSendNewCode(onSent: () => void) {
  const resend = useResendCode();
  const [problem, setProblem] = useState<string | null>(null);
  const send = async () => {
    setProblem(null);
    try {
      await resend.mutateAsync();
      onSent();
    } catch (error) {
      setProblem(failureMessage(error));
    }
  };
  return { send, sending: resend.isPending, problem };
}

/** The button that sends it, busy while it goes. */
export function SendNewCodeButton(props: {
  variant: 'contained' | 'outlined';
  sending: boolean;
  onSend: () => Promise<void>;
}) {
  return (
    <Button
      variant={props.variant}
      size="large"
      onClick={() => void props.onSend()}
      disabled={props.sending}
      aria-busy={props.sending || undefined}
    >
      {props.sending ? 'Sending...' : 'Send a new code'}
    </Button>
  );
}
