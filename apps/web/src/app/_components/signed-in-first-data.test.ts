import { buildAppointment, buildPet, buildProfile } from '@vet/contracts/testing/builders';
import { hydrate, QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DehydratedState } from '@tanstack/react-query';
import { dashboardFirstData, signedInFirstData } from './signed-in-first-data';

const server = vi.hoisted(() => ({
  profile: vi.fn(),
  pets: vi.fn(),
  appointments: vi.fn(),
  toggles: vi.fn(),
}));
vi.mock('@/features/profile/api/get-profile-on-server', () => ({ getProfileOnServer: server.profile }));
vi.mock('@/features/pets/api/get-pets-on-server', () => ({ getPetsOnServer: server.pets }));
vi.mock('@/features/appointments/api/get-appointments-on-server', () => ({
  getAppointmentsOnServer: server.appointments,
}));
vi.mock('@/features/practices/api/get-feature-toggles-on-server', () => ({
  getFeatureTogglesOnServer: server.toggles,
}));

beforeEach(() => Object.values(server).forEach((getter) => getter.mockReset()));

/** The browser's cache after hydrating the server's first data. */
async function browserCache(firstData: () => Promise<DehydratedState> = signedInFirstData) {
  const queryClient = new QueryClient();
  hydrate(queryClient, await firstData());
  return queryClient;
}

describe('signedInFirstData', () => {
  it("gives a linked client's profile and pets under the keys the browser's queries read", async () => {
    const profile = buildProfile({ activationStatus: 'COMPLETED' });
    const pets = [buildPet({ name: 'Biscuit' })];
    server.profile.mockResolvedValue(profile);
    server.pets.mockResolvedValue(pets);

    const cache = await browserCache();

    expect(cache.getQueryData(['client', 'profile'])).toEqual(profile);
    expect(cache.getQueryData(['pets'])).toEqual(pets);
  });

  it('does not ask for the pets of someone not linked yet (the API would refuse)', async () => {
    server.profile.mockResolvedValue(buildProfile({ activationStatus: 'STARTED' }));

    const cache = await browserCache();

    expect(cache.getQueryData(['client', 'profile'])).toMatchObject({ activationStatus: 'STARTED' });
    expect(server.pets).not.toHaveBeenCalled();
    expect(cache.getQueryData(['pets'])).toBeUndefined();
  });

  it('leaves out what the server could not get, so the browser asks for it', async () => {
    server.profile.mockResolvedValue(undefined);
    expect((await browserCache()).getQueryCache().getAll()).toEqual([]);

    server.profile.mockResolvedValue(buildProfile({ activationStatus: 'COMPLETED' }));
    server.pets.mockResolvedValue(undefined);
    const cache = await browserCache();
    expect(cache.getQueryData(['client', 'profile'])).toBeDefined();
    expect(cache.getQueryData(['pets'])).toBeUndefined();
  });
});

describe('dashboardFirstData', () => {
  it("gives a linked client's appointments and home practice's settings under the browser's keys", async () => {
    server.profile.mockResolvedValue(buildProfile({ activationStatus: 'COMPLETED', homePracticeId: 7 }));
    const appointments = [buildAppointment()];
    const toggles = [{ featureKey: 'OnlineBooking', value: 'true' }];
    server.appointments.mockResolvedValue(appointments);
    server.toggles.mockResolvedValue(toggles);

    const cache = await browserCache(dashboardFirstData);

    expect(server.toggles).toHaveBeenCalledWith(7);
    expect(cache.getQueryData(['appointments'])).toEqual(appointments);
    expect(cache.getQueryData(['practices', 7, 'feature-toggles'])).toEqual(toggles);
  });

  it('asks for nothing for someone not signed in or not linked', async () => {
    for (const profile of [undefined, buildProfile({ activationStatus: 'NOT_STARTED' })]) {
      server.profile.mockResolvedValue(profile);
      expect((await browserCache(dashboardFirstData)).getQueryCache().getAll()).toEqual([]);
    }
    expect(server.appointments).not.toHaveBeenCalled();
    expect(server.toggles).not.toHaveBeenCalled();
  });
});
