import { signOut } from '@/shared/auth-session/session-client';
import { clearPersonalStorage } from '@/shared/storage/storage-keys';
import type { AccountDeletion } from './api/delete-online-account';
import { accountDeletedPath } from './paths';

/**
 * After the deletion: the API has already deleted every portal session, so this tab's cookie is worth
 * nothing; signing out clears it and tells the other tabs. The embedded provider's sessions went with its
 * account; an external provider's own session is ended by its logout, which returns to the portal.
 */
export async function leaveAfterDeletion(
  deletion: AccountDeletion,
  navigate: (url: string) => void,
): Promise<void> {
  clearPersonalStorage();
  await signOut({ callbackUrl: accountDeletedPath, tellOtherTabsWhenLeaving: true });
  const external = !deletion.providerAccountDeleted && deletion.providerLogoutUrl;
  navigate(external || accountDeletedPath);
}
