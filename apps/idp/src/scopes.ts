import { practiceSystemScope } from '@vet/contracts/machine-access';

/** What the portal may ask for. `profile` adds nothing personal: we hold only an e-mail address. */
export const SUPPORTED_SCOPES: readonly string[] = ['openid', 'profile', 'email', 'offline_access'];

/** The scopes an access token for the API can carry on behalf of a person. */
export const API_SCOPE = SUPPORTED_SCOPES.join(' ');

/**
 * The one scope of a machine client (decision 0062): the integration API. Only the machine client may ask
 * for it, and it may ask for nothing else, so no person's token carries it and no machine's token speaks
 * for a person.
 */
export const MACHINE_SCOPE = practiceSystemScope;
