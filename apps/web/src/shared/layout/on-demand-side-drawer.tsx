'use client';

import { OnDemand } from '@/shared/components/on-demand';
import type { SideDrawerProps } from './side-drawer';

const loadSideDrawer = () => import('./side-drawer').then((module) => module.SideDrawer);

/**
 * The side drawer (R2.8), whose code (its dialog, lists and the pets' collapse) loads the first time the
 * hamburger opens it rather than with every page (decision 0034); if it cannot load, the drawer stays
 * closed.
 * Until then the hamburger's aria-controls names a drawer that is not there, which ARIA allows while
 * aria-expanded is false.
 */
export function OnDemandSideDrawer(props: SideDrawerProps) {
  return <OnDemand wanted={props.open} load={loadSideDrawer} onUnavailable={props.onClose} props={props} />;
}
