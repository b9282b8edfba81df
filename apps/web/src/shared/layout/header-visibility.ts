import { normalisePath } from './path-utils';

/** Spec 2: paths *containing* these have no header (read literally: a substring match). */
const hiddenFragments = ['/guest', '/maintenance', '/auth0'] as const;

/**
 * Spec 2: the header is hidden on paths containing /guest, /maintenance or /auth0, and on /registration.
 * "On /registration" is read as that route and anything below it, not /registration-new or
 * /client-routing, which are routes of their own in the spec's route table.
 */
export function isHeaderHidden(pathname: string): boolean {
  const path = normalisePath(pathname);
  if (hiddenFragments.some((fragment) => path.includes(fragment))) return true;
  return path === '/registration' || path.startsWith('/registration/');
}
