'use client';

import { useRouter } from 'next/navigation';
import { useCallback, useState, type ReactNode } from 'react';
import { ActionDialog } from './action-dialog';
import { registerPetPath, type ActionDialog as ActionDialogName, type HomePractice } from './action-rules';

/**
 * The dialog of the ruled actions on a page: `openDialog(name)` shows it, `dialog` is the element to
 * render. Closing keeps the last one mounted, so it fades out with its text; 'Register your pet' goes
 * to the registration page.
 */
export function useActionDialog(practice?: HomePractice | null): {
  openDialog: (name: ActionDialogName) => void;
  dialog: ReactNode;
} {
  const router = useRouter();
  const [state, setState] = useState<{ name: ActionDialogName; open: boolean }>();
  const close = () => setState((current) => current && { ...current, open: false });
  // Stable, so that an effect may open a dialog without running again on every render.
  const openDialog = useCallback((name: ActionDialogName) => setState({ name, open: true }), []);
  return {
    openDialog,
    dialog: state && (
      <ActionDialog
        dialog={state.name}
        open={state.open}
        practice={practice}
        onClose={close}
        onRegisterPet={() => {
          close();
          router.push(registerPetPath);
        }}
      />
    ),
  };
}
