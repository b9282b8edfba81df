import type { HeaderUser } from './header-user-menu';

/**
 * The header's user from a profile's names: null (no user menu name) while the profile is not known or
 * holds neither name; a missing one of the two reads as empty. For the query-fed and server-drawn frames.
 */
export function headerUserOf(
  names: { firstName: string | null; lastName: string | null } | undefined,
): HeaderUser | null {
  if (!names?.firstName && !names?.lastName) return null;
  return { firstName: names.firstName ?? '', lastName: names.lastName ?? '' };
}
