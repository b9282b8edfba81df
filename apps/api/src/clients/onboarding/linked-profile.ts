import type { ClientProfile } from '@vet/contracts/profile';
import type { Identity, LinkedClientLookup } from '../../platform/index.ts';
import { profileOfLinkedClient } from '../profile/index.ts';

/** The profile right after a link committed: COMPLETED, read back the way GET /client/profile reads it. */
export async function linkedProfile(
  clients: LinkedClientLookup,
  identity: Identity,
  now: Date,
): Promise<ClientProfile> {
  const linked = await clients.findLinkedClient(identity);
  if (!linked) throw new Error('The client record was linked but cannot be read back.');
  return profileOfLinkedClient(linked, now);
}
