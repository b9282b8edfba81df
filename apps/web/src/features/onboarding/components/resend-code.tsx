'use client';

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { AppAlert } from '@/shared/components/app-alert';
import { useResendCode } from '@/features/onboarding/api/resend-code';
import { failureMessage } from '@/shared/api/failure-message';

const timeOfDay = (date: Date) => date.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });

/**
 * "Send a new code" (POST /signup/resend): says when the new one went, or the API's own words when it is
 * too soon (429: at most once a minute and 5 times a day, R4.17).
 */
export function ResendCode() {
  const resend = useResendCode();
  const [sentAt, setSentAt] = useState<Date | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const send = async () => {
    setProblem(null);
    try {
      await resend.mutateAsync();
      setSentAt(new Date());
    } catch (error) {
      setProblem(failureMessage(error));
    }
  };

  return (
    <Box
      component="section"
      aria-labelledby="resend-heading"
      sx={{ borderTop: 1, borderColor: 'divider', pt: 3 }}
    >
      <Typography id="resend-heading" variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
        No code, or it has stopped working?
      </Typography>
      <Typography sx={{ mb: 2 }}>
        Check your spam folder first. A code stops working after 24 hours or 5 wrong tries; then ask for a new
        one.
      </Typography>
      <Button
        variant="outlined"
        size="large"
        onClick={() => void send()}
        disabled={resend.isPending}
        aria-busy={resend.isPending || undefined}
      >
        {resend.isPending ? 'Sending...' : 'Send a new code'}
      </Button>
      <Box role="status" sx={{ mt: 2 }}>
        {sentAt && !problem && (
          <Typography>
            We sent a new code at {timeOfDay(sentAt)}. Use the code in the newest e-mail.
          </Typography>
        )}
      </Box>
      {problem && <AppAlert severity="warning">{problem}</AppAlert>}
    </Box>
  );
}
