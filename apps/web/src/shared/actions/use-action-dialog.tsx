'use client';

import { useCallback, useState, type ReactNode } from 'react';
import { OnDemand } from '@/shared/components/on-demand';
import { usePortalRouter } from '@/shared/navigation/use-portal-router';
import { registerPetPath } from './action-paths';
import type { ActionDialog as ActionDialogName, HomePractice } from './action-rules';

// Loaded the first time a page opens one (most visits never do), not with every page (decision 0034).
const loadActionDialog = () => import('./action-dialog').then((module) => module.ActionDialog);

/**
 * The dialog of the ruled actions on a page: `openDialog(name)` shows it, `dialog` is the element to
 * render. Closing keeps the last one mounted, so it fades out with its text; 'Register your pet' goes
 * to the registration page. Its code loads when the first one opens.
 */
export function useActionDialog(practice?: HomePractice | null): {
  openDialog: (name: ActionDialogName) => void;
  dialog: ReactNode;
} {
  const { router } = usePortalRouter();
  const [state, setState] = useState<{ name: ActionDialogName; open: boolean }>();
  const close = useCallback(() => setState((current) => current && { ...current, open: false }), []);
  // Stable, so that an effect may open a dialog without running again on every render.
  const openDialog = useCallback((name: ActionDialogName) => setState({ name, open: true }), []);
  return {
    openDialog,
    dialog: state && (
      <OnDemand
        wanted={state.open}
        load={loadActionDialog}
        onUnavailable={close}
        props={{
          dialog: state.name,
          open: state.open,
          practice,
          onClose: close,
          onRegisterPet: () => {
            close();
            router.push(registerPetPath);
          },
        }}
      />
    ),
  };
}
