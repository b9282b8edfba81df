'use client';

import type { PlanBilling } from '@vet/contracts/plan-rules';
import type { HealthPlan } from '@vet/contracts/plans';
import { useId, useState, type FormEvent } from 'react';
import { apiProblem, submissionFailedMessage } from '@/shared/api/api-problem';
import { AppAlert } from '@/shared/components/app-alert';
import { Button } from '@/shared/ui/button';
import { Checkbox, ChoiceLabel, Radio } from '@/shared/ui/choice';
import { cx } from '@/shared/ui/cx';
import card from '@/shared/ui/card.module.css';
import surface from '@/shared/ui/surface.module.css';
import { useJoinPlan } from '@/features/plans/api/membership';
import { billingPriceText } from '@/features/plans/plan-text';
import { PlanTerms } from './plan-terms';
import styles from './plans.module.css';

/**
 * Joining a plan for a pet (issue 65, part 3): the pre-contract information, the billing choice, a
 * required tick that it was read, then "Continue to set up your Direct Debit", which makes a pending
 * membership and sends the owner to the provider's hosted page.
 */
export function JoinPlanForm({ pet, plan }: { pet: { petId: number; name: string }; plan: HealthPlan }) {
  const termsId = useId();
  const tickErrorId = useId();
  const [billing, setBilling] = useState<PlanBilling>('monthly');
  const [accepted, setAccepted] = useState(false);
  const [tickError, setTickError] = useState(false);
  const join = useJoinPlan();
  const [leaving, setLeaving] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!accepted) {
      setTickError(true);
      return;
    }
    join.mutate(
      { petId: pet.petId, planId: plan.id, billing, termsAccepted: true },
      {
        onSuccess: ({ redirectUrl }) => {
          setLeaving(true);
          window.location.assign(redirectUrl);
        },
      },
    );
  };
  const problem = join.isError ? apiProblem(join.error) : null;
  return (
    <form onSubmit={submit} noValidate className={styles.form}>
      <section aria-labelledby={termsId} className={cx(surface.outlined, card.padded)}>
        <h2 id={termsId}>Before you join: {plan.name}</h2>
        <PlanTerms plan={plan} />
      </section>
      <fieldset className={styles.fieldset}>
        <legend>How would you like to pay?</legend>
        <ChoiceLabel
          control={
            <Radio
              name="billing"
              value="monthly"
              checked={billing === 'monthly'}
              onChange={() => setBilling('monthly')}
            />
          }
          label={`Monthly: ${billingPriceText(plan.monthlyPence, 'monthly')}`}
        />
        {plan.yearlyPence !== null && (
          <ChoiceLabel
            control={
              <Radio
                name="billing"
                value="yearly"
                checked={billing === 'yearly'}
                onChange={() => setBilling('yearly')}
              />
            }
            label={`Yearly: ${billingPriceText(plan.yearlyPence, 'yearly')}`}
          />
        )}
      </fieldset>
      <div>
        <ChoiceLabel
          control={
            <Checkbox
              name="termsAccepted"
              checked={accepted}
              required
              aria-invalid={tickError && !accepted}
              aria-describedby={tickError && !accepted ? tickErrorId : undefined}
              onChange={(event) => {
                setAccepted(event.target.checked);
                if (event.target.checked) setTickError(false);
              }}
            />
          }
          label={`I have read the terms of ${plan.name} for ${pet.name}, including the price, renewal, the cooling-off period and how to leave.`}
        />
        {tickError && !accepted && (
          <p id={tickErrorId} className={styles.fieldError} role="alert">
            Confirm you have read the plan’s terms.
          </p>
        )}
      </div>
      {problem && (
        <AppAlert severity="error" className={styles.alert}>
          {problem.message ?? submissionFailedMessage}
        </AppAlert>
      )}
      <div className={styles.actions}>
        <Button type="submit" variant="contained" loading={join.isPending || leaving}>
          Continue to set up your Direct Debit
        </Button>
        <Button href={`/pets/${pet.petId}`} variant="outlined">
          Back to {pet.name}
        </Button>
      </div>
    </form>
  );
}
