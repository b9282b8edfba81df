import type { Metadata } from 'next';
import { RequireAuth } from '@/features/auth/components/require-auth';
import { requireRecentSignIn } from '@/shared/auth-session/server/recent-sign-in';
import { pageMetadata } from '@/shared/page-metadata';
import { deleteAccountPath } from '@/features/online-account/paths';
import { DeleteAccountView } from './_components/delete-account-view';

export const generateMetadata = (): Promise<Metadata> => pageMetadata('Delete your online account');

/**
 * Delete your online account (/client-detail/delete-account, R2.38): signed in, linked or not yet, and
 * signed in recently (decision 0079): an older sign-in goes to the provider first and comes back here.
 */
export default async function DeleteAccountPage() {
  await requireRecentSignIn(deleteAccountPath);
  return (
    <RequireAuth>
      <DeleteAccountView />
    </RequireAuth>
  );
}
