import { apiErrorSchema } from '@vet/contracts/errors';
import { clientInvitationSchema } from '@vet/contracts/integration-invitations';
import { integrationPathPrefix } from '@vet/contracts/machine-access';
import { describe, expect, inject, it } from 'vitest';
import { practiceSystemAuthorization, requestPracticeSystemToken } from './support/practice-system.ts';

/**
 * Decision 0062 end to end: the practice system gets a client-credentials token from the embedded
 * provider and calls the API's integration routes with it, the processes as `npm start` runs them.
 */
const api = inject('apiUrl');
const inviteUrl = (clientRef: string) => `${api}${integrationPathPrefix}/clients/${clientRef}/invitations`;

describe('the practice system', () => {
  it('gets a token for its client, and none with a wrong secret', async () => {
    expect((await requestPracticeSystemToken()).status).toBe(200);
    expect((await requestPracticeSystemToken({ secret: 'not-the-secret' })).status).toBe(401);
  });

  it('invites a demo client by reference; an unknown, linked or address-less one is refused', async () => {
    const authorization = await practiceSystemAuthorization();
    const call = (clientRef: string) =>
      fetch(inviteUrl(clientRef), { method: 'POST', headers: { authorization } });

    const invited = await call('CLI-000028');
    expect(invited.status).toBe(201);
    expect(clientInvitationSchema.strict().parse(await invited.json()).client_ref).toBe('CLI-000028');
    // The demo's Priya Shah is linked to a demo account; Pennington has no e-mail address.
    for (const [ref, status] of [
      ['CLI-NONE', 404],
      ['CLI-000003', 409],
      ['CLI-000027', 422],
    ] as const) {
      const response = await call(ref);
      expect(response.status, ref).toBe(status);
      expect(apiErrorSchema.safeParse(await response.json()).success).toBe(true);
    }
  });

  it("cannot call a client's route with its token, nor the integration API without the scope", async () => {
    const authorization = await practiceSystemAuthorization();
    expect((await fetch(`${api}/client/profile`, { headers: { authorization } })).status).toBe(403);
    const scopeless = await practiceSystemAuthorization({ scope: '' });
    const response = await fetch(inviteUrl('CLI-000028'), {
      method: 'POST',
      headers: { authorization: scopeless },
    });
    expect(response.status).toBe(403);
  });
});
