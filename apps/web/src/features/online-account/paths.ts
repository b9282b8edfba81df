/** The confirmation page: from Your details, and where a fresh sign-in returns to. */
export const deleteAccountPath = '/client-detail/delete-account';

/** Where the person lands once their online account is deleted (a page for anyone, signed in or not). */
export const accountDeletedPath = '/account-deleted';
