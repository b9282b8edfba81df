import { getAppointmentsOnServer } from '@/features/appointments/api/get-appointments-on-server';
import { getBillsSummaryOnServer } from '@/features/bills/api/bills-on-server';
import { BillsDashboardCard } from '@/features/bills/components/bills-dashboard-card';
import { DashboardActions } from '@/features/dashboard/components/dashboard-actions';
import { NextAppointmentCard } from '@/features/dashboard/components/next-appointment-card';
import { PetsOverview } from '@/features/dashboard/components/pets-overview';
import { WelcomeHeading } from '@/features/dashboard/components/welcome-heading';
import { nextBookedAppointment } from '@/features/dashboard/next-appointment';
import { getPlanMembershipsOnServer } from '@/features/plans/api/plans-on-server';
import { PlansDashboardCard } from '@/features/plans/components/plans-dashboard-card';
import { getPetsOnServer } from '@/features/pets/api/get-pets-on-server';
import { getFeatureTogglesOnServer } from '@/features/practices/api/get-feature-toggles-on-server';
import { getProfileOnServer } from '@/features/profile/api/get-profile-on-server';
import { Container } from '@/shared/ui/container';
import { dashboardActionProps } from './dashboard-action-props';
import styles from './dashboard-overview.module.css';

/**
 * The dashboard (/), drawn on the server (decision 0118): the profile, pets, appointments and the home
 * practice's feature settings, asked for side by side, handed to the dashboard's components; only the
 * actions' dialogs run in the browser. Only a linked client sees it: the activation guard (R4.1) sends
 * anyone else on, and a profile that could not be loaded is the frame's to say.
 */
export async function DashboardOverview() {
  const profile = await getProfileOnServer();
  if (profile?.activationStatus !== 'COMPLETED') return null;
  const practiceId = profile.homePracticeId;
  const [pets, appointments, toggles, bills, memberships] = await Promise.all([
    getPetsOnServer(),
    getAppointmentsOnServer(),
    typeof practiceId === 'number' ? getFeatureTogglesOnServer(practiceId) : undefined,
    getBillsSummaryOnServer(),
    getPlanMembershipsOnServer(),
  ]);
  // "Upcoming" is judged against the moment the page was drawn.
  const next = appointments && nextBookedAppointment(appointments, new Date());

  return (
    <Container maxWidth="lg" spacing="page">
      <WelcomeHeading firstName={profile.firstName} />
      <p className={styles.intro}>
        Manage your pets, book and change appointments and keep your contact preferences up to date, all in
        one place.
      </p>
      <div className={styles.sections}>
        <DashboardActions {...dashboardActionProps(profile, pets, toggles)} />
        <NextAppointmentCard appointment={next} error={appointments === undefined} />
        <BillsDashboardCard summary={bills} />
        <PlansDashboardCard memberships={memberships} />
        <PetsOverview pets={pets} />
      </div>
    </Container>
  );
}
