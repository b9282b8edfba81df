'use client';

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { TextField } from '@/shared/forms/text-field';
import type { AppointmentSummary } from '@vet/contracts/appointments';
import { useId, useState } from 'react';
import { apiProblem, submissionFailedMessage } from '@/shared/api/api-problem';
import { AppAlert } from '@/shared/components/app-alert';
import { LoadError } from '@/shared/components/load-error';
import { formatLabelledAppointmentTime } from '@/shared/dates/appointment-time';
import { useCancelAppointment } from '@/features/appointments/api/cancel-appointment';
import { useCancellationReasons } from '@/features/appointments/api/get-cancellation-reasons';

export interface CancelAppointmentDialogProps {
  appointment: AppointmentSummary | null;
  onClose: () => void;
  onCancelled: () => void;
}

/**
 * Cancelling asks why (R4.22: a cancellation reason id). The confirm dialog's look (R2.26: no backdrop
 * close, 300/400 px minimum), with a reason to choose; a refusal (past the cut-off) says so in the dialog.
 */
export function CancelAppointmentDialog({ appointment, onClose, onCancelled }: CancelAppointmentDialogProps) {
  const titleId = useId();
  const descriptionId = useId();
  const reasons = useCancellationReasons(appointment !== null);
  const cancel = useCancelAppointment();
  const [reasonId, setReasonId] = useState('');
  const [missing, setMissing] = useState(false);
  const close = () => {
    if (cancel.isPending) return;
    setReasonId('');
    setMissing(false);
    cancel.reset();
    onClose();
  };
  const submit = () => {
    if (!appointment) return;
    if (!reasonId) {
      setMissing(true);
      return;
    }
    cancel.mutate(
      { appointmentId: appointment.appointmentId, reasonId: Number(reasonId) },
      {
        onSuccess: () => {
          setReasonId('');
          onCancelled();
        },
      },
    );
  };
  const problem = cancel.isError ? apiProblem(cancel.error) : null;
  return (
    <Dialog
      open={appointment !== null}
      onClose={(_event, reason) => {
        if (reason !== 'backdropClick') close();
      }}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      slotProps={{ paper: { sx: { minWidth: { xs: 300, sm: 400 } } } }}
    >
      <DialogTitle id={titleId}>Cancel appointment</DialogTitle>
      <DialogContent>
        {appointment && (
          <DialogContentText id={descriptionId} sx={{ mb: 2 }}>
            {appointment.petName}’s {appointment.reasonName} on{' '}
            {formatLabelledAppointmentTime(appointment.startsAt)} at {appointment.practiceName}.
          </DialogContentText>
        )}
        {reasons.isError ? (
          <LoadError
            message="We could not load the reasons for cancelling."
            onRetry={() => void reasons.refetch()}
          />
        ) : (
          <TextField
            select
            fullWidth
            required
            label="Reason for cancelling"
            value={reasonId}
            disabled={reasons.isPending}
            onChange={(event) => {
              setReasonId(event.target.value);
              setMissing(false);
            }}
            error={missing}
            helperText={missing ? 'Choose a reason for cancelling.' : undefined}
            slotProps={{ inputLabel: { shrink: true } }}
          >
            <option value="">{reasons.isPending ? 'Loading reasons…' : 'Choose a reason'}</option>
            {reasons.data?.map((reason) => (
              <option key={reason.cancellationReasonId} value={reason.cancellationReasonId}>
                {reason.description}
              </option>
            ))}
          </TextField>
        )}
        {problem && (
          <Box sx={{ mt: 2 }}>
            <AppAlert severity="error">
              {problem.status === 409 && problem.message ? problem.message : submissionFailedMessage}
            </AppAlert>
          </Box>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="outlined" onClick={close} disabled={cancel.isPending}>
          Keep appointment
        </Button>
        <Button variant="contained" onClick={submit} loading={cancel.isPending}>
          Cancel appointment
        </Button>
      </DialogActions>
    </Dialog>
  );
}
