'use client';

import Alert from '@mui/material/Alert';
import Snackbar, { type SnackbarCloseReason } from '@mui/material/Snackbar';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { ToastContext, type ToastType } from './toast-context';

/** R9.2: the toast hides itself after 3000 ms. */
export const toastAutoHideMs = 3000;

interface ToastState {
  open: boolean;
  message: string;
  type: ToastType;
  /** A new key per toast restarts the timer when one message replaces another. */
  key: number;
}

/**
 * R4.13: one toast at a time with open, message and type; it auto-hides after 3 s and a click
 * elsewhere does not close it. Errors and warnings are announced assertively (role alert), success and
 * information politely (role status). Hovering it pauses the timer (Material UI's Snackbar), and it has
 * a Close button.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<ToastState>({ open: false, message: '', type: 'info', key: 0 });

  const showToast = useCallback((message: string, type: ToastType) => {
    setToast((previous) => ({ open: true, message, type, key: previous.key + 1 }));
  }, []);
  const api = useMemo(() => ({ showToast }), [showToast]);

  const close = (_event?: unknown, reason?: SnackbarCloseReason) => {
    if (reason === 'clickaway') return;
    setToast((previous) => ({ ...previous, open: false }));
  };

  return (
    <ToastContext.Provider value={api}>
      {children}
      <Snackbar
        key={toast.key}
        open={toast.open}
        autoHideDuration={toastAutoHideMs}
        onClose={close}
        anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      >
        <Alert
          severity={toast.type}
          variant="filled"
          role={toast.type === 'error' || toast.type === 'warning' ? 'alert' : 'status'}
          closeText="Close"
          onClose={() => close()}
          sx={{ width: '100%' }}
        >
          {toast.message}
        </Alert>
      </Snackbar>
    </ToastContext.Provider>
  );
}
