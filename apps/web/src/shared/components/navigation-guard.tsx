'use client';

import { useEffect, useRef } from 'react';

/** What the guard stopped: a link to `href`, or the browser's back (or forward) button. */
export type BlockedNavigation = { kind: 'link'; href: string } | { kind: 'history' };

export interface NavigationGuardOptions {
  /** Told what was stopped, e.g. to open a ConfirmDialog that then calls `release()` and navigates. */
  onBlocked?: (attempt: BlockedNavigation) => void;
}

/** A click on a same-origin link that would load another page in this tab, or undefined. */
function guardedLinkTarget(event: MouseEvent): URL | undefined {
  if (event.defaultPrevented || event.button !== 0) return undefined;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return undefined;
  const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(anchor instanceof HTMLAnchorElement)) return undefined;
  if (anchor.hasAttribute('download') || (anchor.target && anchor.target !== '_self')) return undefined;
  const url = new URL(anchor.href, window.location.href);
  if (url.origin !== window.location.origin) return undefined;
  const here = window.location;
  // A fragment on this page (the skip link) is not leaving it.
  if (url.pathname === here.pathname && url.search === here.search && url.hash !== '') return undefined;
  return url;
}

/**
 * The navigation guard (R2.27): while `canLeave()` returns false it stops
 * - clicks on same-origin links (a capture listener on window, which runs before Next's Link handler),
 * - the browser's back button: where the Navigation API exists, by cancelling the traversal in its
 *   `navigate` event, so the router never hears of it (a popstate listener cannot come first: at its
 *   target, window, Chromium runs listeners in the order added, capture or not, and Next's router
 *   added its own at hydration); elsewhere by popstate, the entry restored with history.go(1) (the
 *   popstate event does not say which way it went, so a forward press, rare on a page with a form, is
 *   treated as back),
 * - reload and closing the tab (beforeunload: the browser asks).
 * The App Router has no router events to hook, hence the DOM. Programmatic router.push is not guarded:
 * the code that calls it knows the form's state. `release()` turns the guard off, for a confirmed leave.
 */
export function useNavigationGuard(canLeave: () => boolean, options: NavigationGuardOptions = {}) {
  const latest = useRef({ canLeave, onBlocked: options.onBlocked });
  const released = useRef(false);
  useEffect(() => {
    latest.current = { canLeave, onBlocked: options.onBlocked };
  });

  useEffect(() => {
    const blocking = () => !released.current && !latest.current.canLeave();
    let restoring = false;

    const onClick = (event: MouseEvent) => {
      const url = guardedLinkTarget(event);
      if (!url || !blocking()) return;
      event.preventDefault();
      event.stopPropagation();
      latest.current.onBlocked?.({ kind: 'link', href: `${url.pathname}${url.search}${url.hash}` });
    };
    const onPopState = (event: PopStateEvent) => {
      if (restoring) {
        restoring = false;
        event.stopImmediatePropagation();
        return;
      }
      if (!blocking()) return;
      event.stopImmediatePropagation();
      restoring = true;
      window.history.go(1);
      latest.current.onBlocked?.({ kind: 'history' });
    };
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!blocking()) return;
      event.preventDefault();
      // Older browsers need returnValue set to show their prompt.
      event.returnValue = '';
    };

    const onNavigate = (event: NavigateEvent) => {
      if (event.navigationType !== 'traverse' || !event.cancelable || !blocking()) return;
      event.preventDefault();
      latest.current.onBlocked?.({ kind: 'history' });
    };
    const navigation = (window as { navigation?: Navigation }).navigation;

    window.addEventListener('click', onClick, { capture: true });
    if (navigation) navigation.addEventListener('navigate', onNavigate);
    else window.addEventListener('popstate', onPopState, { capture: true });
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      window.removeEventListener('click', onClick, { capture: true });
      navigation?.removeEventListener('navigate', onNavigate);
      window.removeEventListener('popstate', onPopState, { capture: true });
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, []);

  return {
    release: () => {
      released.current = true;
    },
  };
}

export interface NavigationGuardProps extends NavigationGuardOptions {
  canLeave: () => boolean;
}

/** The guard as a component, for pages that prefer markup to a hook. Renders nothing. */
export function NavigationGuard({ canLeave, onBlocked }: NavigationGuardProps) {
  useNavigationGuard(canLeave, { onBlocked });
  return null;
}
