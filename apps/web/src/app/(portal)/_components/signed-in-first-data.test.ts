import { buildPet, buildProfile } from '@vet/contracts/testing/builders';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browserCacheOf } from '@/testing/browser-cache';
import { signedInFirstData } from './signed-in-first-data';

const server = vi.hoisted(() => ({
  profile: vi.fn(),
  pets: vi.fn(),
  toggles: vi.fn(),
}));
vi.mock('@/features/profile/api/get-profile-on-server', () => ({ getProfileOnServer: server.profile }));
vi.mock('@/features/pets/api/get-pets-on-server', () => ({ getPetsOnServer: server.pets }));
vi.mock('@/features/practices/api/get-feature-toggles-on-server', () => ({
  getFeatureTogglesOnServer: server.toggles,
}));

beforeEach(() => Object.values(server).forEach((getter) => getter.mockReset()));

/** The browser's cache after hydrating the server's first data. */
const browserCache = () => browserCacheOf(signedInFirstData());

describe('signedInFirstData', () => {
  it("gives a linked client's profile, pets and home practice's settings under the keys the browser's queries read", async () => {
    const profile = buildProfile({ activationStatus: 'COMPLETED', homePracticeId: 7 });
    const pets = [buildPet({ name: 'Biscuit' })];
    const toggles = [{ featureKey: 'OnlineBooking', value: 'true' }];
    server.profile.mockResolvedValue(profile);
    server.pets.mockResolvedValue(pets);
    server.toggles.mockResolvedValue(toggles);

    const cache = await browserCache();

    expect(server.toggles).toHaveBeenCalledWith(7);
    expect(cache.getQueryData(['client', 'profile'])).toEqual(profile);
    expect(cache.getQueryData(['pets'])).toEqual(pets);
    expect(cache.getQueryData(['practices', 7, 'feature-toggles'])).toEqual(toggles);
  });

  it('asks for no pets or settings for someone not linked yet (the API would refuse)', async () => {
    server.profile.mockResolvedValue(buildProfile({ activationStatus: 'STARTED' }));

    const cache = await browserCache();

    expect(cache.getQueryData(['client', 'profile'])).toMatchObject({ activationStatus: 'STARTED' });
    expect(server.pets).not.toHaveBeenCalled();
    expect(server.toggles).not.toHaveBeenCalled();
    expect(cache.getQueryCache().getAll()).toHaveLength(1);
  });

  it('leaves out what the server could not get, so the browser asks for it', async () => {
    server.profile.mockResolvedValue(undefined);
    expect((await browserCache()).getQueryCache().getAll()).toEqual([]);

    server.profile.mockResolvedValue(buildProfile({ activationStatus: 'COMPLETED', homePracticeId: 7 }));
    server.pets.mockResolvedValue(undefined);
    server.toggles.mockResolvedValue(undefined);
    const cache = await browserCache();
    expect(cache.getQueryData(['client', 'profile'])).toBeDefined();
    expect(cache.getQueryData(['pets'])).toBeUndefined();
    expect(cache.getQueryData(['practices', 7, 'feature-toggles'])).toBeUndefined();
  });
});
