'use client';

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { ActionButton, actionButtonSx } from '@/shared/actions/action-button';
import type { ActionOutcome, HomePractice } from '@/shared/actions/action-rules';
import { useActionDialog } from '@/shared/actions/use-action-dialog';
import { PortalLink } from '@/shared/navigation/portal-link';

export interface DashboardActionsProps {
  /** What "Book an appointment" does; undefined while what it depends on loads. */
  booking: ActionOutcome | undefined;
  registration: ActionOutcome | undefined;
  practice?: HomePractice | null;
}

/**
 * The dashboard's actions: each goes to its page, or, when the rules of R6.2 to R6.4 block it, opens the
 * dialog that says why. While the rules' inputs load, the two ruled actions show as busy.
 */
export function DashboardActions({ booking, registration, practice }: DashboardActionsProps) {
  const headingId = useId();
  const { openDialog, dialog } = useActionDialog(practice);
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography variant="h2" id={headingId} gutterBottom>
        What would you like to do?
      </Typography>
      <Box sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, flexWrap: 'wrap', gap: 2 }}>
        <ActionButton label="Book an appointment" outcome={booking} primary onDialog={openDialog} />
        <ActionButton label="Register a pet" outcome={registration} onDialog={openDialog} />
        <Button component={PortalLink} href="/client-detail" variant="outlined" sx={actionButtonSx}>
          Update your details
        </Button>
      </Box>
      {dialog}
    </Box>
  );
}
