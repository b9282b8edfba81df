import { buildProfile } from '@vet/contracts/testing/builders';
import { describe, expect, it } from 'vitest';
import { createApiClient } from '@/shared/api/api-client';
import { getProfile } from './get-profile';
import { readProfile } from './profile-response';

describe('the profile as the web reads it (R3.2)', () => {
  it.each([
    ['NotStarted', 'NOT_STARTED'],
    ['Started', 'STARTED'],
    ['Completed', 'COMPLETED'],
    ['COMPLETED', 'COMPLETED'],
  ])('reads activationStatus %s as %s, the rest as sent', (sent, read) => {
    const profile = buildProfile();
    expect(readProfile({ ...profile, activationStatus: sent })).toEqual({
      ...profile,
      activationStatus: read,
    });
  });

  it('is what the browser’s profile request answers', async () => {
    const profile = buildProfile();
    const fetch = () => Promise.resolve(Response.json({ ...profile, activationStatus: 'Completed' }));
    const api = createApiClient({ fetch, getStorage: () => undefined });

    await expect(getProfile(api)).resolves.toEqual({ ...profile, activationStatus: 'COMPLETED' });
  });
});
