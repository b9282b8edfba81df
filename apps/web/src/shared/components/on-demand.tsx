'use client';

import { useContext, useEffect, useState, type ComponentType } from 'react';
import { ToastContext } from '@/shared/toast/toast-context';

/** What a person is told when a part's code cannot be fetched (the connection dropped). */
export const onDemandUnavailableMessage = 'This could not be opened. Check your connection and try again.';

/**
 * The component `load` brings, loaded the first time `wanted` is true and kept from then on, so the part
 * stays mounted (closing animates as before, the next opening is immediate): parts behind a button load
 * their code when they first open (decision 0034). Null until it has loaded. A failed load says so in a
 * toast and calls `onUnavailable`, so the caller can put its button back (close the part); the next time
 * `wanted` turns true it tries again. The failure never reaches an error boundary: the page stays.
 * Keep `load` stable (module level).
 */
export function useOnDemand<P extends object>(
  wanted: boolean,
  load: () => Promise<ComponentType<P>>,
  onUnavailable?: () => void,
): ComponentType<P> | null {
  const toast = useContext(ToastContext);
  const [component, setComponent] = useState<ComponentType<P> | null>(null);
  useEffect(() => {
    if (!wanted || component) return;
    let current = true;
    load().then(
      (loaded) => {
        if (current) setComponent(() => loaded);
      },
      () => {
        if (!current) return;
        toast?.showToast(onDemandUnavailableMessage, 'error');
        onUnavailable?.();
      },
    );
    return () => {
      current = false;
    };
  }, [wanted, component, load, toast, onUnavailable]);
  return component;
}

export interface OnDemandProps<P extends object> {
  /** True while the part should show: the first time, its code loads. */
  wanted: boolean;
  /** The part's component, from a dynamic import: `() => import('./x').then((module) => module.X)`. */
  load: () => Promise<ComponentType<P>>;
  /** The part could not be loaded: put its button back (close it). */
  onUnavailable?: () => void;
  props: P;
}

/** A part behind a button, rendered with `props` once its code has loaded (useOnDemand). */
export function OnDemand<P extends object>({ wanted, load, onUnavailable, props }: OnDemandProps<P>) {
  const Part = useOnDemand(wanted, load, onUnavailable);
  // eslint-disable-next-line react-hooks/static-components -- a module's own export, loaded once and kept: its identity never changes between renders
  return Part && <Part {...props} />;
}
