import { useSyncExternalStore } from 'react';

const onHashChange = (notify: () => void) => {
  window.addEventListener('hashchange', notify);
  return () => window.removeEventListener('hashchange', notify);
};

/**
 * The token of a link from an e-mail (/manage#<token>, /earlier-time#<token>): its fragment, which the
 * browser never sends (null before the page is in the browser).
 */
export function useLinkToken(): string | null {
  return useSyncExternalStore(
    onHashChange,
    () => window.location.hash.slice(1),
    () => null,
  );
}
