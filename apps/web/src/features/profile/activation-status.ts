import type { ActivationStatus } from '@vet/contracts/profile';
import { activationStatuses } from '@vet/contracts/profile-rules';

/** R3.2: the original's other spelling of each status; the API emits the upper-case one. */
const legacySpellings: Readonly<Record<string, ActivationStatus>> = {
  NotStarted: 'NOT_STARTED',
  Started: 'STARTED',
  Completed: 'COMPLETED',
};

/**
 * R3.2: the web accepts both spellings of activationStatus (`NOT_STARTED` or `NotStarted`, ...) and works
 * with the upper-case one. Anything else is not a status: undefined.
 */
export function normaliseActivationStatus(value: unknown): ActivationStatus | undefined {
  if (typeof value !== 'string') return undefined;
  if ((activationStatuses as readonly string[]).includes(value)) return value as ActivationStatus;
  return legacySpellings[value];
}
