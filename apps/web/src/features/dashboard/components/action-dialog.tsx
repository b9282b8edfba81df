'use client';

import Link from '@mui/material/Link';
import { ConfirmDialog } from '../../../shared/components/confirm-dialog';
import { telephoneHref } from '../../../shared/telephone-href';
import type { ActionDialog as ActionDialogName } from '../action-rules';

/** Spec 2 "Booking and registration dialogs": each dialog's title (the table's name) and text. */
export const actionDialogs: Record<ActionDialogName, { title: string; text: string }> = {
  'booking-unavailable': {
    title: 'Online appointment booking unavailable',
    text: 'Online appointment booking is currently unavailable. Please contact your practice.',
  },
  'registration-unavailable': {
    title: 'New pet registration unavailable',
    text: 'New pet registration is currently unavailable. Please contact your practice.',
  },
  'register-your-pet': {
    title: 'Register your pet',
    text: 'To book an appointment with us, please register your pet.',
  },
  'awaiting-initial-consultation': {
    title: 'Booking unavailable',
    text: 'Your new pet needs to attend the initial consultation that you have booked, before you can make any further appointments.',
  },
};

export interface HomePractice {
  name: string;
  phone: string;
}

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
 * One of the four dialogs. The spec shows no buttons for three of them: they get an OK that closes
 * them. Register your pet has its two buttons: 'Register your pet' and 'Cancel'.
 */
export function ActionDialog({ dialog, open, practice, onClose, onRegisterPet }: ActionDialogProps) {
  const { title, text } = actionDialogs[dialog];
  const registerPet = dialog === 'register-your-pet';
  const contactPractice = dialog === 'booking-unavailable' || dialog === 'registration-unavailable';
  const descriptions = [text];
  const call = practice && contactPractice && (
    <>
      {practice.name}:{' '}
      <Link component="a" href={telephoneHref(practice.phone)}>
        {practice.phone}
      </Link>
    </>
  );
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
