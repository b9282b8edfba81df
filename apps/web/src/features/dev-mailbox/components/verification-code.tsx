'use client';

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useToast } from '@/shared/toast/use-toast';

/** The code an e-mail carries, large and spaced so it reads at a glance, with a copy button. */
export function VerificationCode({ code }: { code: string }) {
  const { showToast } = useToast();
  const copy = () => {
    navigator.clipboard.writeText(code).then(
      () => showToast('Code copied.', 'success'),
      () => showToast('Could not copy the code; select it instead.', 'warning'),
    );
  };
  return (
    <Box
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 2,
        p: 2,
        my: 2,
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
      }}
    >
      <Box>
        <Typography component="p" variant="body2" sx={{ color: 'text.secondary' }}>
          Verification code
        </Typography>
        <Typography
          component="p"
          data-testid="verification-code"
          sx={{
            fontFamily: 'ui-monospace, Menlo, Consolas, monospace',
            fontSize: '2rem',
            letterSpacing: '0.3em',
          }}
        >
          {code}
        </Typography>
      </Box>
      <Button variant="outlined" onClick={copy}>
        Copy code
      </Button>
    </Box>
  );
}
