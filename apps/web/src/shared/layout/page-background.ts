import { normalisePath } from './path-utils';

export const greyPageBackground = '#F8F8F8';
export const whitePageBackground = '#FFFFFF';

const greyPaths = new Set(['/pets', '/client-detail', '/client-detail/contact-preferences', '/appointments']);

/**
 * R2.3: light grey on /pets, /pets/[id], /client-detail,
 * /client-detail/contact-preferences and /appointments; white everywhere else. /pets/register is a
 * route of its own (a form), not a pet id, so it stays white.
 */
export function pageBackground(pathname: string): string {
  const path = normalisePath(pathname);
  if (greyPaths.has(path)) return greyPageBackground;
  const petId = /^\/pets\/([^/]+)$/.exec(path)?.[1];
  return petId !== undefined && petId !== 'register' ? greyPageBackground : whitePageBackground;
}
