import type { ActivationStatus } from '@vet/contracts/profile';
import { getUnreadAnswersOnServer } from '@/features/messages/api/messages-on-server';
import { getPetsOnServer } from '@/features/pets/api/get-pets-on-server';
import { profileAnswerOnServer } from '@/features/profile/api/get-profile-on-server';
import type { DrawerPet } from '@/shared/layout/drawer-pets';
import { headerUserOf } from '@/shared/layout/header-user';
import type { HeaderUser } from '@/shared/layout/header-user-menu';

/** What the frame of a page drawn on the server shows of the signed-in client, as the server found it. */
export interface ServerFrameData {
  user: HeaderUser | null;
  practiceName: string | null | undefined;
  /** The drawer's pets, linked clients only; undefined when they could not be loaded. */
  pets: DrawerPet[] | undefined;
  /** The practice's answers not yet opened (the navigation's Messages count); undefined: unknown. */
  unreadMessages: number | undefined;
  /** null: no profile yet (R4.1); undefined with `failed`: the API could not say. */
  activationStatus: ActivationStatus | null | undefined;
  failed: boolean;
  requireContactPreferencesUpdate: boolean | undefined;
}

/**
 * The profile and, for a linked client, the pets (R4.2: the API refuses them to the others), asked once
 * per request: the page beside the frame reads the same answers.
 */
export async function serverFrameData(): Promise<ServerFrameData> {
  const { status, data: profile } = await profileAnswerOnServer();
  const linked = profile?.activationStatus === 'COMPLETED';
  const [pets, unreadMessages] = linked
    ? await Promise.all([getPetsOnServer(), getUnreadAnswersOnServer()])
    : [undefined, undefined];
  return {
    user: headerUserOf(profile),
    practiceName: profile?.homePracticeName,
    pets: pets?.map(({ petId, name: petName }) => ({ petId, name: petName })),
    unreadMessages,
    activationStatus: profile ? profile.activationStatus : status === 404 ? null : undefined,
    failed: !profile && status !== 404,
    requireContactPreferencesUpdate: profile?.requireContactPreferencesUpdate,
  };
}
