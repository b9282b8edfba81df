import { normalisePath } from './path-utils';

/** R2.12: paths *containing* these have no header (read literally: a substring match). */
const hiddenFragments = ['/guest', '/maintenance', '/auth0'] as const;

/**
 * R2.12: the header is hidden on paths containing /guest, /maintenance or /auth0, and on /registration.
 * "On /registration" is read as that route and anything below it, not /registration-new or
 * /client-routing, which are routes of their own in R2.1.
 */
export function isHeaderHidden(pathname: string): boolean {
  const path = normalisePath(pathname);
  if (hiddenFragments.some((fragment) => path.includes(fragment))) return true;
  return path === '/registration' || path.startsWith('/registration/');
}
