import { conflict } from '../../platform/index.ts';

/** R3.3: a client record is linked to at most one identity, and an identity to at most one record. */
export const recordAlreadyLinked = () =>
  conflict('This client record is already linked to a portal account. Sign in with that account instead.');

export const identityAlreadyLinked = () => conflict('Your account is already linked to a client record.');
