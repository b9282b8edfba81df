'use client';

import { DeleteAccountForm } from '@/features/online-account/components/delete-account-form';
import { WhatDeletionDoes } from '@/features/online-account/components/what-deletion-does';
import { leaveAfterDeletion } from '@/features/online-account/leave-after-deletion';
import { deleteAccountPath } from '@/features/online-account/paths';
import { ApiError } from '@/shared/api/api-client';
import { isReauthenticationRequired, reauthenticationPath } from '@/shared/auth-session/reauthentication';
import { Container } from '@/shared/ui/container';
import typography from '@/shared/ui/typography.module.css';
import styles from './delete-account-view.module.css';

const leaveFor = (url: string) => window.location.assign(url);

/**
 * Delete your online account (/client-detail/delete-account, decision 0080): what is deleted and what the
 * practice keeps, then the typed confirmation. A sign-in that is no longer recent is sent to sign in
 * again and comes back here (decision 0079).
 */
export function DeleteAccountView() {
  const needsFreshSignIn = (error: unknown) => {
    if (!(error instanceof ApiError) || !isReauthenticationRequired(error.status, error.body)) return false;
    leaveFor(reauthenticationPath(deleteAccountPath));
    return true;
  };

  return (
    <Container maxWidth="sm" spacing="page">
      <h1 className={typography.gutterBottom}>Delete your online account</h1>
      <p className={styles.intro}>
        You can delete your account for this portal at any time. Your practice keeps your record and goes on
        caring for your pets as before.
      </p>
      <WhatDeletionDoes />
      <DeleteAccountForm
        onDeleted={(deletion) => leaveAfterDeletion(deletion, leaveFor)}
        onFailure={needsFreshSignIn}
      />
    </Container>
  );
}
