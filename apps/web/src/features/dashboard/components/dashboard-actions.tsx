'use client';

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import NextLink from 'next/link';
import { useRouter } from 'next/navigation';
import { useId, useState } from 'react';
import { registerPetPath, type ActionDialog as ActionDialogName, type ActionOutcome } from '../action-rules';
import { ActionDialog, type HomePractice } from './action-dialog';

export interface DashboardActionsProps {
  /** What "Book an appointment" does; undefined while what it depends on loads. */
  booking: ActionOutcome | undefined;
  registration: ActionOutcome | undefined;
  practice?: HomePractice | null;
}

const buttonSx = { minHeight: 48, px: 3 };

function ActionButton(props: {
  label: string;
  outcome: ActionOutcome | undefined;
  primary?: boolean;
  onDialog: (dialog: ActionDialogName) => void;
}) {
  const { label, outcome, onDialog } = props;
  const variant = props.primary ? 'contained' : 'outlined';
  if (outcome?.kind === 'navigate') {
    return (
      <Button component={NextLink} href={outcome.href} variant={variant} sx={buttonSx}>
        {label}
      </Button>
    );
  }
  return (
    <Button
      variant={variant}
      sx={buttonSx}
      loading={outcome === undefined}
      onClick={() => outcome && onDialog(outcome.dialog)}
    >
      {label}
    </Button>
  );
}

/**
 * The dashboard's actions: each goes to its page, or, when the rules of spec 2 and 6 block it, opens the
 * dialog that says why. While the rules' inputs load, the two ruled actions show as busy.
 */
export function DashboardActions({ booking, registration, practice }: DashboardActionsProps) {
  const headingId = useId();
  const router = useRouter();
  const [dialog, setDialog] = useState<{ name: ActionDialogName; open: boolean }>();
  const open = (name: ActionDialogName) => setDialog({ name, open: true });
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography variant="h2" id={headingId} gutterBottom>
        What would you like to do?
      </Typography>
      <Box sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, flexWrap: 'wrap', gap: 2 }}>
        <ActionButton label="Book an appointment" outcome={booking} primary onDialog={open} />
        <ActionButton label="Register a pet" outcome={registration} onDialog={open} />
        <Button component={NextLink} href="/client-detail" variant="outlined" sx={buttonSx}>
          Update your details
        </Button>
      </Box>
      {dialog && (
        <ActionDialog
          dialog={dialog.name}
          open={dialog.open}
          practice={practice}
          onClose={() => setDialog({ ...dialog, open: false })}
          onRegisterPet={() => {
            setDialog({ ...dialog, open: false });
            router.push(registerPetPath);
          }}
        />
      )}
    </Box>
  );
}
