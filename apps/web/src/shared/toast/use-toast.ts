'use client';

import { useContext } from 'react';
import { ToastContext, type ToastApi } from './toast-context';

/** R8.8: used outside its provider it throws 'useToast must be used within a ToastProvider'. */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used within a ToastProvider');
  return api;
}
