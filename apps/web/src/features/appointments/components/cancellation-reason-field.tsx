'use client';

import { useState } from 'react';
import { LoadError } from '@/shared/components/load-error';
import { TextField } from '@/shared/forms/text-field';
import type { useCancellationReasons } from '@/features/appointments/api/get-cancellation-reasons';

/**
 * The reason chosen in a CancellationReasonField: `field` goes to the field; `take()` on submit gives the
 * chosen reason's id, or null with the field marked as missing its choice.
 */
export function useCancellationReasonChoice() {
  const [reasonId, setReasonId] = useState('');
  const [missing, setMissing] = useState(false);
  return {
    field: {
      value: reasonId,
      missing,
      onChange: (value: string) => {
        setReasonId(value);
        setMissing(false);
      },
    },
    take: (): number | null => {
      if (!reasonId) {
        setMissing(true);
        return null;
      }
      return Number(reasonId);
    },
    reset: () => {
      setReasonId('');
      setMissing(false);
    },
  };
}

/**
 * The reason for cancelling (R4.22), from the practice group's reasons: disabled while they load, a retry
 * when they could not be loaded. The cancel dialog and the manage link's page both ask it.
 */
export function CancellationReasonField({
  reasons,
  value,
  missing,
  onChange,
}: {
  reasons: ReturnType<typeof useCancellationReasons>;
  value: string;
  missing: boolean;
  onChange: (reasonId: string) => void;
}) {
  if (reasons.isError) {
    return (
      <LoadError
        message="We could not load the reasons for cancelling."
        onRetry={() => void reasons.refetch()}
      />
    );
  }
  return (
    <TextField
      select
      fullWidth
      required
      label="Reason for cancelling"
      value={value}
      disabled={reasons.isPending}
      onChange={(event) => onChange(event.target.value)}
      error={missing}
      helperText={missing ? 'Choose a reason for cancelling.' : undefined}
      shrinkLabel
    >
      <option value="">{reasons.isPending ? 'Loading reasons…' : 'Choose a reason'}</option>
      {reasons.data?.map((reason) => (
        <option key={reason.cancellationReasonId} value={reason.cancellationReasonId}>
          {reason.description}
        </option>
      ))}
    </TextField>
  );
}
