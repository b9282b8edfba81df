import { createContext } from 'react';

/** R4.13: the toast's types. */
export type ToastType = 'success' | 'error' | 'warning' | 'info';

export interface ToastApi {
  showToast: (message: string, type: ToastType) => void;
}

export const ToastContext = createContext<ToastApi | null>(null);
