'use client';

import { ConfirmDialog } from '@/shared/components/confirm-dialog';
import type { HomePractice } from './action-rules';
import { PracticeCall } from './practice-call';

/** The spec's delay between accepting the emergency dialog and going on to book. */
export const emergencyProceedDelayMs = 500;

export const emergencyDialogTitle = 'Emergency appointment information';
export const emergencyDialogText =
  'If your pet requires urgent assistance, please call your practice immediately.';

export interface EmergencyDialogProps {
  open: boolean;
  /** The home practice, named with its tap-to-call number before the advice. */
  practice: HomePractice | null;
  onProceed: () => void;
  onCancel: () => void;
}

/** R2.28's "Emergency appointment information": shown before booking; Proceed or Cancel. */
export function EmergencyDialog({ open, practice, onProceed, onCancel }: EmergencyDialogProps) {
  const call = practice && <PracticeCall practice={practice} />;
  return (
    <ConfirmDialog
      open={open}
      title={emergencyDialogTitle}
      descriptions={call ? [call, emergencyDialogText] : [emergencyDialogText]}
      primaryLabel="Proceed with appointment booking"
      secondaryLabel="Cancel"
      onPrimary={onProceed}
      onSecondary={onCancel}
    />
  );
}
