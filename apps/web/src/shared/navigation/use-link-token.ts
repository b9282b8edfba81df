import { useLayoutEffect, useState } from 'react';
import { SESSION_STORAGE_KEYS } from '@/shared/storage/storage-keys';

/** The pages opened by a link whose token is its fragment: /manage#<token>, /earlier-time#<token>. */
export type LinkTokenPage = 'manage' | 'earlier-time';

const storageKeys: Record<LinkTokenPage, string> = {
  manage: SESSION_STORAGE_KEYS.manageLinkToken,
  'earlier-time': SESSION_STORAGE_KEYS.earlierTimeToken,
};

/** The tab's storage; unavailable in some privacy modes, which is not an error. */
function tabStorage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

function kept(page: LinkTokenPage): string | null {
  try {
    return tabStorage()?.getItem(storageKeys[page]) ?? null;
  } catch {
    return null;
  }
}

/**
 * The page's token: a fragment the link brought is kept for the tab and taken out of the address at once
 * (replaced, so the tab's history never holds it); without one, the token the tab kept (a reload, the
 * back button); '' when there is neither. Security round three, finding 4 (decision 0095).
 */
function takeLinkToken(page: LinkTokenPage): string {
  const fragment = window.location.hash.slice(1);
  if (!fragment) return kept(page) ?? '';
  try {
    tabStorage()?.setItem(storageKeys[page], fragment);
  } catch {
    // Storage refused: the page still works until it is reloaded.
  }
  const { pathname, search } = window.location;
  // Next.js keeps its router's state in history.state: it is passed on as it is.
  window.history.replaceState(window.history.state, '', `${pathname}${search}`);
  return fragment;
}

/** Ends the tab's copy: the link's flow has ended, or the link was found not valid. */
export function forgetLinkToken(page: LinkTokenPage): void {
  try {
    tabStorage()?.removeItem(storageKeys[page]);
  } catch {
    // Nothing kept.
  }
}

/**
 * The token of a link from an e-mail (/manage#<token>, /earlier-time#<token>): its fragment, which the
 * browser never sends, read once the page is in the browser (null until then, and on the server). The
 * fragment leaves the address bar in a layout effect, which runs before the passive effect that loads the
 * tag manager (after consent), so the tag manager never sees it in the address. A link opened in the same
 * tab later (a hashchange) takes the kept one's place.
 */
export function useLinkToken(page: LinkTokenPage): string | null {
  const [token, setToken] = useState<string | null>(null);
  useLayoutEffect(() => {
    const take = () => setToken(takeLinkToken(page));
    // Once after hydration: the address and the tab's storage exist only in the browser, and the server
    // rendered the spinner, so the token can only arrive through a state change here.
    take();
    window.addEventListener('hashchange', take);
    return () => window.removeEventListener('hashchange', take);
  }, [page]);
  return token;
}
