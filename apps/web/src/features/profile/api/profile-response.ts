import type { ClientProfile } from '@vet/contracts/profile';
import { normaliseActivationStatus } from '@/features/profile/activation-status';

/**
 * The profile as the web reads it: R3.2, either spelling of activationStatus, kept in upper case. The rest
 * is the contract's shape as the API sent it (decision 0032).
 */
export function readProfile(body: unknown): ClientProfile {
  if (typeof body !== 'object' || body === null) return body as ClientProfile;
  const profile = body as ClientProfile;
  const activationStatus = normaliseActivationStatus(profile.activationStatus);
  return activationStatus ? { ...profile, activationStatus } : profile;
}

/** The one cache entry of the signed-in person's profile (the browser's query, the server's first data). */
export const profileQueryKey = ['client', 'profile'] as const;
