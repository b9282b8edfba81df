import { buildPet, buildProfile } from '@vet/contracts/testing/builders';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { serverFrameData } from './server-frame-data';

const server = vi.hoisted(() => ({ profile: vi.fn(), pets: vi.fn(), unread: vi.fn() }));
vi.mock('@/features/profile/api/get-profile-on-server', () => ({ profileAnswerOnServer: server.profile }));
vi.mock('@/features/pets/api/get-pets-on-server', () => ({ getPetsOnServer: server.pets }));
vi.mock('@/features/messages/api/messages-on-server', () => ({ getUnreadAnswersOnServer: server.unread }));

beforeEach(() => Object.values(server).forEach((getter) => getter.mockReset()));

describe('serverFrameData', () => {
  it("gives a linked client's name, home practice and pets (names only) for the frame", async () => {
    const profile = buildProfile({
      activationStatus: 'COMPLETED',
      firstName: 'Olivia',
      lastName: 'Bennett',
      homePracticeName: 'Willowbrook Vets Clapham',
      requireContactPreferencesUpdate: true,
    });
    server.profile.mockResolvedValue({ status: 200, data: profile });
    server.pets.mockResolvedValue([buildPet({ petId: 4, name: 'Biscuit' })]);
    server.unread.mockResolvedValue(2);

    expect(await serverFrameData()).toEqual({
      user: { firstName: 'Olivia', lastName: 'Bennett' },
      practiceName: 'Willowbrook Vets Clapham',
      pets: [{ petId: 4, name: 'Biscuit' }],
      unreadMessages: 2,
      activationStatus: 'COMPLETED',
      failed: false,
      requireContactPreferencesUpdate: true,
    });
  });

  it('asks for no pets for someone not linked yet (R4.2), and tells "no profile" from a failure', async () => {
    server.profile.mockResolvedValue({ status: 200, data: buildProfile({ activationStatus: 'STARTED' }) });
    expect(await serverFrameData()).toMatchObject({
      activationStatus: 'STARTED',
      pets: undefined,
      failed: false,
    });
    expect(server.pets).not.toHaveBeenCalled();
    expect(server.unread).not.toHaveBeenCalled();

    server.profile.mockResolvedValue({ status: 404, data: undefined });
    expect(await serverFrameData()).toMatchObject({ activationStatus: null, failed: false, user: null });

    server.profile.mockResolvedValue({ status: 502, data: undefined });
    expect(await serverFrameData()).toMatchObject({ activationStatus: undefined, failed: true });
  });

  it("leaves the drawer's pets unknown when the API could not give them", async () => {
    server.profile.mockResolvedValue({ status: 200, data: buildProfile({ activationStatus: 'COMPLETED' }) });
    server.pets.mockResolvedValue(undefined);
    expect(await serverFrameData()).toMatchObject({ pets: undefined, failed: false });
  });
});
