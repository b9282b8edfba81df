'use client';

import type {
  AppointmentSlot,
  AppointmentSlots,
  ChoosableClinician,
} from '@vet/contracts/appointment-booking';
import type { AppointmentSummary } from '@vet/contracts/appointments';
import { clinicianPhrase } from '@vet/contracts/clinician-phrase';
import type { AppointmentReason } from '@vet/contracts/lookups';
import { fromPriceText, noPriceText } from '@vet/contracts/money';
import type { FromPrice } from '@vet/contracts/practice-prices';
import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { ApiError } from '@/shared/api/api-client';
import { apiProblem } from '@/shared/api/api-problem';
import { AppAlert } from '@/shared/components/app-alert';
import { LoadError } from '@/shared/components/load-error';
import { formatLabelledAppointmentTime, formatLongDate } from '@/shared/dates/appointment-time';
import { TextField } from '@/shared/forms/text-field';
import { Button } from '@/shared/ui/button';
import { cx } from '@/shared/ui/cx';
import { Spinner } from '@/shared/ui/spinner';
import surface from '@/shared/ui/surface.module.css';
import typography from '@/shared/ui/typography.module.css';
import { useAppointmentPrice } from '@/features/appointments/api/get-appointment-price';
import { usePracticePrices } from '@/features/appointments/api/get-practice-prices';
import { slotDays } from '@/features/appointments/slot-days';
import styles from './booking-parts.module.css';
import { SlotPicker } from './slot-picker';

/** The pieces the client's booking and the guest's hold share: one look, one behaviour. */

/** A step's heading takes the focus when the step changes, so a screen reader hears where it is. */
export function StepHeading({ children, focusKey }: { children: ReactNode; focusKey: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    ref.current?.focus();
  }, [focusKey]);
  return (
    <h2 ref={ref} tabIndex={-1} className={styles.stepHeading}>
      {children}
    </h2>
  );
}

export function Section({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <div className={cx(surface.outlined, styles.section)} aria-label={label}>
      {children}
    </div>
  );
}

export function StepActions({ children }: { children: ReactNode }) {
  return <div className={styles.stepActions}>{children}</div>;
}

export function Pending({ label }: { label: string }) {
  return (
    <div role="status" className={styles.pending}>
      <Spinner size={28} />
      <p>{label}</p>
    </div>
  );
}

/**
 * "Day and time": the free times of a search in the slot picker, or why there are none. A refusal of the
 * search itself (403: booking off at the practice) is said in the API's words.
 */
export function TimesSection(props: {
  practiceName: string;
  slots: UseQueryResult<AppointmentSlots>;
  value: string | null;
  onChange: (slot: AppointmentSlot) => void;
  missingTime: boolean;
  initialDate?: string;
  noTimesText: string;
}) {
  const { slots } = props;
  const headingId = useId();
  const refused =
    slots.error instanceof ApiError && slots.error.status >= 400 && slots.error.status < 500
      ? (apiProblem(slots.error).message ?? null)
      : null;
  return (
    <Section>
      <section aria-labelledby={headingId}>
        <h2 id={headingId} className={styles.headingTight}>
          Day and time
        </h2>
        <p className={cx(typography.secondary, styles.intro)}>
          At {props.practiceName}. Times are UK time, as the practice’s clocks show them.
        </p>
        {refused ? (
          <AppAlert severity="info">{refused}</AppAlert>
        ) : slots.isError ? (
          <LoadError message="We could not load the free times." onRetry={() => void slots.refetch()} />
        ) : slots.isPending ? (
          // About the picker's height, so the times arriving do not push the page (issue 62).
          <div className={styles.timesPending}>
            <Pending label="Finding free times…" />
          </div>
        ) : slots.data.slots.length === 0 ? (
          <AppAlert severity="info">{props.noTimesText}</AppAlert>
        ) : (
          <SlotPicker
            days={slotDays(slots.data.fromDate, slots.data.toDate, slots.data.slots)}
            clinicianType={slots.data.clinicianType}
            value={slots.data.slots.some((slot) => slot.startsAt === props.value) ? props.value : null}
            initialDate={props.initialDate}
            onChange={props.onChange}
          />
        )}
        {props.missingTime && (
          <p role="alert" className={styles.missingTime}>
            Choose a time.
          </p>
        )}
      </section>
    </Section>
  );
}

/** The nearest free times a 409 offers, as buttons named by what they show and who the time is with. */
export function AlternativeTimes(props: {
  alternatives: readonly AppointmentSlot[];
  clinicianType: AppointmentSummary['clinicianType'];
  onChoose: (slot: AppointmentSlot) => void;
  disabled?: boolean;
}) {
  if (props.alternatives.length === 0) return null;
  return (
    <fieldset className={styles.alternatives}>
      <legend className={styles.alternativesLegend}>Other times (UK time)</legend>
      <div className={styles.alternativeTimes}>
        {props.alternatives.map((slot) => {
          const shown = formatLabelledAppointmentTime(slot.startsAt).replace(/ \d{4},/, ',');
          const who = clinicianPhrase({ clinicianType: props.clinicianType });
          return (
            <Button
              key={slot.startsAt}
              variant="outlined"
              className={styles.alternativeTime}
              disabled={props.disabled}
              // What the button shows, then who (WCAG 2.5.3, label in name).
              aria-label={who ? `${shown}, ${who}` : undefined}
              onClick={() => props.onChoose(slot)}
            >
              {shown}
            </Button>
          );
        })}
      </div>
    </fieldset>
  );
}

/**
 * "From £45.00 · Includes: …", or "Price not yet published" for a reason with no price in force. What it
 * includes is the practice system's text, which may start with a capital or a name: a label of its own,
 * as the practice's price list says it, reads right whatever its first letter (decision 0144).
 */
export function reasonPriceText(price: FromPrice | undefined): string {
  if (!price) return noPriceText;
  const from = fromPriceText(price.amountPence);
  return price.includes ? `${from} · Includes: ${price.includes}` : from;
}

/** A day of the chosen time and the pet booked: the price line says that day's quote (issue 62). */
export interface QuoteDay {
  date: string;
  petId: number;
}

/** What a reason the pet's health plan covers says instead of its price (issue 65, decision 0164). */
export const coveredByPlanText = 'Covered by your plan';

/**
 * The chosen reason's price at the practice (decision 0104), said as it changes; nothing until the
 * prices are read (a failed read says nothing rather than a wrong "not yet published"). Once a time is
 * chosen, the price of its day for the pet, as the check step will quote it: a list that changes on a
 * later day must not show one price here and another there. Today's stays while the day's is read.
 */
function ReasonPriceLine(props: {
  practiceId: number;
  reasonId: number;
  day: QuoteDay | null;
  covered: boolean;
}) {
  const { practiceId, reasonId, day, covered } = props;
  const prices = usePracticePrices(practiceId);
  const quote = useAppointmentPrice(day ? { practiceId, appointmentReasonId: reasonId, ...day } : null);
  const price = prices.data?.reasons.find((candidate) => candidate.appointmentReasonId === reasonId);
  const text = covered
    ? coveredByPlanText
    : day && quote.data
      ? `On ${formatLongDate(day.date)}: ${reasonPriceText(quote.data.price ?? undefined)}`
      : prices.data
        ? reasonPriceText(price)
        : '';
  return (
    <p className={styles.reasonPrice} aria-live="polite">
      {text}
    </p>
  );
}

/**
 * A choice by id: the empty first option (null), where there is one, then the options given. The booking's
 * and the guest's selects are all of this kind.
 */
export function IdSelect(props: {
  label: string;
  name?: string;
  value: number | null;
  /** The empty first option's text ("Choose a …", "Any vet"); none: no empty option. */
  choose: string | null;
  options: readonly { id: number; label: string }[];
  onChange: (id: number | null) => void;
  helperText?: string | undefined;
}) {
  return (
    <TextField
      select
      label={props.label}
      name={props.name}
      value={props.value ?? ''}
      onChange={(event) => props.onChange(event.target.value ? Number(event.target.value) : null)}
      shrinkLabel
      helperText={props.helperText}
    >
      {props.choose !== null && <option value="">{props.choose}</option>}
      {props.options.map((option) => (
        <option key={option.id} value={option.id}>
          {option.label}
        </option>
      ))}
    </TextField>
  );
}

/** The reasons open online as a native select, each with its length; one reason is chosen already. */
export function ReasonSelect(props: {
  /** The practice whose prices the chosen reason shows (decision 0104); none chosen yet: no price. */
  practiceId: number | null;
  reasons: readonly AppointmentReason[];
  value: number | null;
  onChange: (reasonId: number | null) => void;
  /** Said when no reason is open, e.g. "No appointments can be booked online for this species." */
  noneText: string;
  /** The chosen time's day and the pet: the price of that day (none: today's "from" price). */
  quoteDay?: QuoteDay | null | undefined;
  /** The reasons the pet's health plan covers (decision 0164): "Covered by your plan", no price. */
  coveredReasonIds?: ReadonlySet<number> | undefined;
}) {
  const { reasons } = props;
  return (
    <>
      <IdSelect
        label="Reason for the appointment"
        name="appointmentReasonId"
        value={props.value}
        choose={reasons.length === 1 ? null : 'Choose a reason'}
        options={reasons.map((candidate) => ({
          id: candidate.appointmentReasonId,
          label: `${candidate.name} (${candidate.durationMinutes} minutes)${
            props.coveredReasonIds?.has(candidate.appointmentReasonId) ? ', covered by your plan' : ''
          }`,
        }))}
        onChange={props.onChange}
        helperText={reasons.length === 0 ? props.noneText : undefined}
      />
      {props.value !== null && props.practiceId !== null && (
        <ReasonPriceLine
          practiceId={props.practiceId}
          reasonId={props.value}
          day={props.quoteDay ?? null}
          covered={props.coveredReasonIds?.has(props.value) ?? false}
        />
      )}
    </>
  );
}

/**
 * The vet the client knows (decision 0101): "Any vet" first and the default, then the practice's vets
 * who may be named for this reason.
 */
export function VetSelect(props: {
  clinicians: readonly ChoosableClinician[];
  value: number | null;
  onChange: (clinicianId: number | null) => void;
}) {
  return (
    <IdSelect
      label="Vet"
      name="clinicianId"
      value={props.value}
      choose="Any vet"
      options={props.clinicians.map((clinician) => ({ id: clinician.clinicianId, label: clinician.name }))}
      onChange={props.onChange}
      helperText="Any vet shows the most times."
    />
  );
}
