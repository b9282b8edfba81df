'use client';

import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useLogout } from '@/shared/auth-session/logout-context';
import { TextButton } from '@/shared/components/text-button';

/**
 * Who is signed in, and a way out: /registration has no header (R2.12), so no user menu either, and a
 * person who signed in with the wrong account needs to leave from here.
 */
export function SignedInAs({ email }: { email: string | null }) {
  const { requestLogout } = useLogout();
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1, mb: 3 }}>
      <Typography sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
        {email ? `Signed in as ${email}.` : 'You are signed in.'}
      </Typography>
      <TextButton onClick={requestLogout} sx={{ px: 0 }}>
        Not you? Log out
      </TextButton>
    </Box>
  );
}
