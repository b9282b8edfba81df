import type { Pet } from '@vet/contracts/pets';
import type { FeatureToggle } from '@vet/contracts/practices';
import type { ClientProfile } from '@vet/contracts/profile';
import { bookingOutcome, homePracticeOf, registrationOutcome } from '@/shared/actions/action-rules';
import type { DashboardActionsProps } from '@/features/dashboard/components/dashboard-actions';

/**
 * Feeds the dashboard's action rules with what the server read for the page: feature settings that could
 * not be read (or none, without a home practice) read as "off"; pets that could not be read leave the pet
 * checks to the booking page.
 */
export function dashboardActionProps(
  profile: ClientProfile,
  pets: Pet[] | undefined,
  toggles: FeatureToggle[] | undefined,
): DashboardActionsProps {
  const context = { allowed: profile.isAppointmentBookingAndPetRegistrationAllowed, toggles: toggles ?? [] };
  return {
    booking: bookingOutcome({ ...context, pets: pets ?? null }),
    registration: registrationOutcome(context),
    practice: homePracticeOf(profile),
  };
}
