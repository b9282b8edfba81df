'use client';

import { useEffect } from 'react';
import { useToast } from './use-toast';

export const OFFLINE_MESSAGE = 'You are offline. Check your connection; nothing you have saved is lost.';
export const ONLINE_AGAIN_MESSAGE = 'You are back online.';

/**
 * Tells the person when the connection drops and when it returns, so a failed save is never a mystery.
 * TanStack Query pauses its requests while offline and resumes them when the browser is back online.
 * A connection lost before the page came to life (while it was still loading) is reported too.
 */
export function NetworkStatusToasts() {
  const { showToast } = useToast();
  useEffect(() => {
    const offline = () => showToast(OFFLINE_MESSAGE, 'warning');
    const online = () => showToast(ONLINE_AGAIN_MESSAGE, 'success');
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    if (!navigator.onLine) offline();
    return () => {
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
    };
  }, [showToast]);
  return null;
}
