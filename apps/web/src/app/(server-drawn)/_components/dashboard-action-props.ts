import type { Pet } from '@vet/contracts/pets';
import type { FeatureToggle } from '@vet/contracts/practices';
import type { ClientProfile } from '@vet/contracts/profile';
import { bookingOutcome, homePracticeOf, registrationOutcome } from '@/shared/actions/action-rules';
import type { DashboardActionsProps } from '@/features/dashboard/components/dashboard-actions';

/** What the rules read of a query (TanStack's result): pending until it has data or has failed. */
type Loaded<T> = { data: T | undefined; isPending: boolean; isError: boolean };

/**
 * Feeds the dashboard's action rules once what they read is known: the profile, the home practice's
 * feature settings (none to wait for without a home practice; a failed load reads as "off") and the
 * pets (a failed load leaves the pet checks to the booking page). Until then the actions show as busy.
 */
export function dashboardActionProps(
  profile: ClientProfile | undefined,
  pets: Loaded<Pet[]>,
  toggles: Loaded<FeatureToggle[]>,
): DashboardActionsProps {
  const practiceId = profile?.homePracticeId ?? null;
  const togglesKnown = practiceId === null || !toggles.isPending;
  if (!profile || !togglesKnown) return { booking: undefined, registration: undefined };
  const context = {
    allowed: profile.isAppointmentBookingAndPetRegistrationAllowed,
    toggles: toggles.data ?? [],
  };
  const practice = homePracticeOf(profile);
  return {
    booking: !pets.isPending
      ? bookingOutcome({ ...context, pets: pets.isError ? null : (pets.data ?? null) })
      : undefined,
    registration: registrationOutcome(context),
    practice,
  };
}
