import { normalisePath } from './path-utils';

/**
 * How a navigation link marks itself: `page` on its own page, `true` inside its section (a single pet
 * under Your pets), nothing elsewhere. Dashboard (/) is current only on / itself.
 */
export function navCurrent(pathname: string, href: string): 'page' | 'true' | undefined {
  const path = normalisePath(pathname);
  if (path === href) return 'page';
  if (href !== '/' && path.startsWith(`${href}/`)) return 'true';
  return undefined;
}
