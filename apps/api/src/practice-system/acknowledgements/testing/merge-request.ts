import { integrationPathPrefix } from '@vet/contracts/machine-access';
import type { useSignedInTestApp } from '../../../testing/signed-in-app.ts';

type SignedInTestApp = ReturnType<typeof useSignedInTestApp>;

/**
 * The test practice system's `POST /{clients|pets}/online/{id}/merge` (decision 0113): the record born
 * online `id` is the practice's `ref`, merging the practice's duplicate into it where there is one.
 */
export function mergeRequest({ context, machineAuthorization }: SignedInTestApp) {
  return async (kind: 'clients' | 'pets', id: number, ref: string) =>
    context.app.inject({
      method: 'POST',
      url: `${integrationPathPrefix}/${kind}/online/${id}/merge`,
      headers: { authorization: await machineAuthorization() },
      payload: { [kind === 'clients' ? 'client_ref' : 'pet_ref']: ref },
    });
}
