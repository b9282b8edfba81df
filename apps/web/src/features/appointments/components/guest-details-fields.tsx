'use client';

import type { BoundField } from '@/shared/forms/use-zod-form';
import { FormTextField } from '@/shared/forms/form-text-field';
import { MobileField, PersonNameFields } from '@/shared/forms/person-fields';
import { cx } from '@/shared/ui/cx';
import typography from '@/shared/ui/typography.module.css';
import type { GuestDetails } from '@/features/appointments/api/guest-bookings';
import { Section } from './booking-parts';
import styles from './guest-choose-step.module.css';

/** The guest's contact details and pet's name, each field bound to the choose step's form. */
export function GuestDetailsFields({ bind }: { bind: (name: keyof GuestDetails) => BoundField<string> }) {
  return (
    <Section>
      <h2 className={styles.detailsHeading}>Your details</h2>
      <p className={cx(typography.secondary, styles.detailsIntro)}>
        The practice uses these to reach you about this appointment.
      </p>
      <div className={styles.fields}>
        <FormTextField {...bind('petName')} label="Your pet’s name" required maxLength={50} />
        <PersonNameFields firstName={bind('firstName')} lastName={bind('lastName')} idPrefix="guest" />
        <FormTextField
          {...bind('email')}
          label="E-mail address"
          type="email"
          required
          inputAttributes={{ autoComplete: 'email' }}
        />
        <MobileField field={bind('mobile')} idPrefix="guest" />
      </div>
    </Section>
  );
}
