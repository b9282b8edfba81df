'use client';

import { useState } from 'react';
import { useAppointments } from '@/features/appointments/api/get-appointments';
import { DashboardActions } from '@/features/dashboard/components/dashboard-actions';
import { NextAppointmentCard } from '@/features/dashboard/components/next-appointment-card';
import { PetsOverview } from '@/features/dashboard/components/pets-overview';
import { WelcomeHeading } from '@/features/dashboard/components/welcome-heading';
import { nextBookedAppointment } from '@/features/dashboard/next-appointment';
import { usePets } from '@/features/pets/api/get-pets';
import { useFeatureToggles } from '@/features/practices/api/get-feature-toggles';
import { useProfile } from '@/features/profile/api/get-profile';
import { LoadError } from '@/shared/components/load-error';
import { Container } from '@/shared/ui/container';
import { dashboardActionProps } from './dashboard-action-props';
import styles from './dashboard-overview.module.css';

/**
 * The dashboard (/): the profile, pets, appointments and the home practice's feature settings, each from
 * its own feature, handed to the dashboard's presentational components. Only a linked client gets here:
 * the activation guard (R4.1) sends anyone else on before the page renders.
 */
export function DashboardOverview() {
  const profile = useProfile();
  const activation = profile.data?.activationStatus;
  const pets = usePets(activation);
  const appointments = useAppointments(activation);
  const toggles = useFeatureToggles(profile.data?.homePracticeId);
  // The moment the page opened: "upcoming" is judged against it, not re-read on every render.
  const [openedAt] = useState(() => new Date());

  let content;
  if (profile.isError) {
    content = <LoadError message="We could not load your account." onRetry={() => void profile.refetch()} />;
  } else {
    content = (
      <>
        <DashboardActions {...dashboardActionProps(profile.data, pets, toggles)} />
        <NextAppointmentCard
          appointment={appointments.data && nextBookedAppointment(appointments.data, openedAt)}
          loading={appointments.isPending}
          error={appointments.isError}
          onRetry={() => void appointments.refetch()}
        />
        <PetsOverview
          pets={pets.data}
          loading={pets.isPending}
          error={pets.isError}
          onRetry={() => void pets.refetch()}
        />
      </>
    );
  }

  return (
    <Container maxWidth="lg" spacing="page">
      <WelcomeHeading firstName={profile.data?.firstName} />
      <p className={styles.intro}>
        Manage your pets, book and change appointments and keep your contact preferences up to date, all in
        one place.
      </p>
      <div className={styles.sections}>{content}</div>
    </Container>
  );
}
