'use client';

import { usePets } from '@/features/pets/api/get-pets';
import { usePetPlans } from '@/features/plans/api/get-pet-plans';
import { JoinPlanForm } from '@/features/plans/components/join-plan-form';
import { planJoinHref } from '@/features/plans/plan-text';
import { useProfile } from '@/features/profile/api/get-profile';
import { AppAlert } from '@/shared/components/app-alert';
import { LoadError } from '@/shared/components/load-error';
import { LoadingSpinner } from '@/shared/components/loading-spinner';
import { Button } from '@/shared/ui/button';
import { Container } from '@/shared/ui/container';
import typography from '@/shared/ui/typography.module.css';

function Frame({ children }: { children: React.ReactNode }) {
  return (
    <Container maxWidth="md" spacing="page">
      <h1 className={typography.gutterBottom}>Join a health plan</h1>
      {children}
    </Container>
  );
}

/**
 * The join page: which pet (when the plans page did not say), then, for a plan the pet may join, the
 * pre-contract information and the form; a plan it may not join says why.
 */
export function JoinView({ petId, planId }: { petId: number | null; planId: number | null }) {
  const profile = useProfile();
  const activation = profile.data?.activationStatus;
  const pets = usePets(activation);
  const plans = usePetPlans(petId, activation);
  if (planId === null) {
    return (
      <Frame>
        <AppAlert severity="error">This link does not name a plan. Choose one from your pet’s page.</AppAlert>
      </Frame>
    );
  }
  if (pets.isError) {
    return (
      <Frame>
        <LoadError message="We could not load your pets." onRetry={() => void pets.refetch()} />
      </Frame>
    );
  }
  if (!pets.data) return <LoadingSpinner label="Loading your pets" />;
  const living = pets.data.filter((pet) => pet.status === 'Active');
  if (petId === null) {
    return (
      <Frame>
        <h2 className={typography.gutterBottom}>Which pet is joining?</h2>
        {living.length === 0 ? (
          <p>Register your pet first, then join a plan from its page.</p>
        ) : (
          <ul>
            {living.map((pet) => (
              <li key={pet.petId}>
                <Button href={planJoinHref(pet.petId, planId)} variant="text">
                  {pet.name}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </Frame>
    );
  }
  const pet = pets.data.find((candidate) => candidate.petId === petId);
  if (!pet) {
    return (
      <Frame>
        <AppAlert severity="error">We could not find this pet among yours.</AppAlert>
      </Frame>
    );
  }
  if (plans.isError) {
    return (
      <Frame>
        <LoadError message="We could not load the plans." onRetry={() => void plans.refetch()} />
      </Frame>
    );
  }
  if (!plans.data) return <LoadingSpinner label="Loading the plan" />;
  // A pending one is not held yet: joining again reaches its Direct Debit set-up.
  const held = plans.data.memberships.find((m) => m.planId === planId && m.status === 'active');
  const choice = plans.data.choices.find((candidate) => candidate.plan.id === planId);
  const back = (
    <Button href={`/pets/${pet.petId}`} variant="outlined">
      Back to {pet.name}
    </Button>
  );
  if (held) {
    return (
      <Frame>
        <AppAlert severity="info">
          {pet.name} is already on {held.planName}.
        </AppAlert>
        <p>{back}</p>
      </Frame>
    );
  }
  if (!choice) {
    return (
      <Frame>
        <AppAlert severity="info">This plan is not offered online at {pet.name}’s practice.</AppAlert>
        <p>{back}</p>
      </Frame>
    );
  }
  if (choice.refusal) {
    return (
      <Frame>
        <AppAlert severity="warning" title={`${pet.name} cannot join ${choice.plan.name}`}>
          {choice.refusal}
        </AppAlert>
        <p>{back}</p>
      </Frame>
    );
  }
  return (
    <Frame>
      <JoinPlanForm pet={pet} plan={choice.plan} />
    </Frame>
  );
}
