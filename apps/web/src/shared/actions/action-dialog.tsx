'use client';

import { bookingMessages } from '@vet/contracts/booking-rules';
import { petRegistrationUnavailableMessage } from '@vet/contracts/pet-rules';
import { useEffect } from 'react';
import { ConfirmDialog } from '@/shared/components/confirm-dialog';
import { markPetRegisterModalSeen } from '@/shared/storage/pet-register-modal-seen';
import type { ActionDialog as ActionDialogName, HomePractice } from './action-rules';
import { PracticeCall } from './practice-call';

/** R2.28 to R2.30: each dialog's title and text. */
export const actionDialogs: Record<ActionDialogName, { title: string; text: string }> = {
  'booking-unavailable': {
    title: 'Online appointment booking unavailable',
    // The API's 403 says the same words.
    text: bookingMessages.bookingUnavailable,
  },
  'registration-unavailable': {
    title: 'New pet registration unavailable',
    // The API's 403 says the same words.
    text: petRegistrationUnavailableMessage,
  },
  'register-your-pet': {
    title: 'Register your pet',
    text: 'To book an appointment with us, please register your pet.',
  },
  'awaiting-initial-consultation': {
    title: 'Booking unavailable',
    text: bookingMessages.awaitingInitialConsultation,
  },
};

export interface ActionDialogProps {
  dialog: ActionDialogName;
  open: boolean;
  /** Shown with a tap-to-call link under "Please contact your practice". */
  practice?: HomePractice | null;
  onClose: () => void;
  /** 'Register your pet' in the Register your pet dialog. */
  onRegisterPet: () => void;
}

/**
 * One of the four dialogs. R2.28 and R2.30 show no buttons for three of them: they get an OK that closes
 * them. Register your pet has its two buttons: 'Register your pet' and 'Cancel'; once shown, it counts as
 * seen for the session (R3.15), wherever it opened.
 */
export function ActionDialog({ dialog, open, practice, onClose, onRegisterPet }: ActionDialogProps) {
  const { title, text } = actionDialogs[dialog];
  const registerPet = dialog === 'register-your-pet';
  useEffect(() => {
    if (open && registerPet) markPetRegisterModalSeen();
  }, [open, registerPet]);
  const contactPractice = dialog === 'booking-unavailable' || dialog === 'registration-unavailable';
  const descriptions = [text];
  const call = practice && contactPractice && <PracticeCall practice={practice} />;
  return (
    <ConfirmDialog
      open={open}
      title={title}
      descriptions={call ? [...descriptions, call] : descriptions}
      primaryLabel={registerPet ? 'Register your pet' : 'OK'}
      secondaryLabel={registerPet ? 'Cancel' : undefined}
      onPrimary={registerPet ? onRegisterPet : onClose}
      onSecondary={onClose}
    />
  );
}
