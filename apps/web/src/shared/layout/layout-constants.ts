/**
 * R9.8: the header is 130 high on desktop and 64 on small screens (site-header.module.css draws them;
 * its test checks them against these).
 */
export const desktopHeaderHeight = 130;
export const compactHeaderHeight = 64;

/** R9.7: the drawer is 240 wide (side-drawer.module.css) and closes above 1200 (the `lg` breakpoint). */
export const drawerWidth = 240;

/**
 * The header turns compact (hamburger and drawer) below the `lg` breakpoint, 1200px: the same width at
 * which the drawer closes, so a screen either has the top navigation or the drawer, never neither. The
 * modules' media queries say `(min-width: 1200px)` too, as a CSS variable cannot name a breakpoint.
 */
export const desktopMediaQuery = '(min-width: 1200px)';

/** The id of the main landmark, the skip link's target. */
export const mainContentId = 'main-content';

export const drawerId = 'site-drawer';

/** The header's id: the toast measures it to sit below it (decision 0043). */
export const siteHeaderId = 'site-header';

/**
 * R2.5: the top navigation, and repeat prescriptions (decision 0111) after the spec's three, so an owner
 * reaches them from the header as from the drawer, under the name their page has (decision 0144).
 */
export const topNavigation = [
  { label: 'Dashboard', href: '/' },
  { label: 'Your pets', href: '/pets' },
  { label: 'Your appointments', href: '/appointments' },
  { label: 'Repeat prescriptions', href: '/drug-request' },
  // Issue 63: after repeat prescriptions, as in the drawer.
  { label: 'Bills and estimates', href: '/bills' },
  // Issue 66: messages with the practice, with the count of answers not yet read.
  { label: 'Messages', href: '/messages' },
] as const;
