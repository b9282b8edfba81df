'use client';

import type { PetPlans } from '@vet/contracts/plans';
import { useId } from 'react';
import { LoadError } from '@/shared/components/load-error';
import { Button } from '@/shared/ui/button';
import { cx } from '@/shared/ui/cx';
import card from '@/shared/ui/card.module.css';
import { Skeleton } from '@/shared/ui/skeleton';
import surface from '@/shared/ui/surface.module.css';
import typography from '@/shared/ui/typography.module.css';
import { benefitAllowanceText, planBandsText, planJoinHref, planPriceText } from '@/features/plans/plan-text';
import { MembershipPanel } from './membership-panel';
import styles from './plans.module.css';

export interface PetPlansSectionProps {
  pet: { petId: number; name: string; status: string };
  plans: PetPlans | undefined;
  loading: boolean;
  error: boolean;
  onRetry: () => void;
  /** The owner may book online (the practice and the client allow it). */
  canBook: boolean;
}

/**
 * A pet's "Health plan" section (issue 65): its memberships, live first (an ended one only while there
 * is no live one), and for a pet without a live plan, the plans of its practice it can join ("Join") or
 * why it cannot.
 */
export function PetPlansSection({ pet, plans, loading, error, onRetry, canBook }: PetPlansSectionProps) {
  const headingId = useId();
  if (error) return <LoadError message={`We could not load ${pet.name}’s health plan.`} onRetry={onRetry} />;
  if (loading || !plans) {
    return (
      <>
        <p role="status" className="visually-hidden">
          Loading the health plan
        </p>
        <Skeleton variant="rounded" height={160} />
      </>
    );
  }
  const live = plans.memberships.filter((m) => m.status === 'active' || m.status === 'pending');
  const shown = live.length > 0 ? live : plans.memberships.slice(0, 1);
  const choices = pet.status === 'Active' ? plans.choices : [];
  if (shown.length === 0 && choices.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className={cx(surface.outlined, card.padded, styles.section)}>
      <h2 id={headingId} className={typography.gutterBottom}>
        Health plan
      </h2>
      {shown.map((membership) => (
        <MembershipPanel key={membership.id} membership={membership} canBook={canBook} />
      ))}
      {live.length === 0 && choices.length > 0 && (
        <>
          <p>
            A health plan spreads the cost of {pet.name}’s routine care over the year. Plans at your practice:
          </p>
          <ul className={styles.choices}>
            {choices.map(({ plan, refusal }) => (
              <li key={plan.id} className={styles.choice}>
                <div>
                  <h3 className={typography.h3}>{plan.name}</h3>
                  <p>{planPriceText(plan)}</p>
                  <p className={typography.secondary}>For: {planBandsText(plan)}</p>
                  <p className={typography.secondary}>
                    {plan.benefits.map((b) => `${b.name}: ${benefitAllowanceText(b)}`).join(' · ')}
                  </p>
                  {refusal && <p className={styles.refusal}>{refusal}</p>}
                </div>
                {!refusal && (
                  <Button href={planJoinHref(pet.petId, plan.id)} variant="contained">
                    Join
                    <span className="visually-hidden">
                      {' '}
                      {plan.name} for {pet.name}
                    </span>
                  </Button>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
