'use client';

import type {
  AppointmentDetail,
  AppointmentSlot,
  ChoosableClinician,
} from '@vet/contracts/appointment-booking';
import type { VisitDetail } from '@vet/contracts/appointment-visits';
import { visitPetNames } from '@vet/contracts/booking-rules';
import type { AppointmentReason } from '@vet/contracts/lookups';
import { ApiError } from '@/shared/api/api-client';
import { apiProblem, submissionFailedMessage } from '@/shared/api/api-problem';
import { AppAlert } from '@/shared/components/app-alert';
import { formatPracticeClock, practiceDate } from '@/shared/dates/appointment-time';
import { actionButtonClassName } from '@/shared/actions/action-button';
import { Button } from '@/shared/ui/button';
import { useAmendAppointment } from '@/features/appointments/api/amend-appointment';
import { useAmendVisit } from '@/features/appointments/api/amend-visit';
import { useBookAppointment } from '@/features/appointments/api/book-appointment';
import { useBookVisit } from '@/features/appointments/api/book-visit';
import { useAppointmentPrices } from '@/features/appointments/api/get-appointment-prices';
import { payAndBookLabel, paymentStartProblemText } from '@/features/appointments/booking-payment-text';
import { readBookingConflict } from '@/features/appointments/booking-conflict';
import styles from './booking-confirm-step.module.css';
import { AlternativeTimes, Section, StepActions, StepHeading } from './booking-parts';
import { BookingPaymentNotices } from './booking-payment-terms';
import { usePayAndBook } from './use-pay-and-book';
import { BookingPracticeNotices } from './booking-practice-notices';
import { BookingSummary } from './booking-summary';
import { isCovered, usePlanCover } from '@/features/appointments/api/get-plan-cover';
import { QuotedPrice } from './quoted-price';

/** "Biscuit at 10:00, then Mango at 10:30": each pet's own start in a visit. */
function visitOrder(pets: readonly { name: string }[], startsAt: string, durationMinutes: number) {
  return pets
    .map((pet, index) => {
      const at = new Date(Date.parse(startsAt) + index * durationMinutes * 60_000).toISOString();
      return `${pet.name} at ${formatPracticeClock(at)}`;
    })
    .join(', then ');
}

/** A refusal that means the payment asked is not the one shown: said apart, with the terms read again. */
const termsChanged = (code: string | null) => code === 'terms_changed' || code === 'payment_required';

/**
 * Booking's (and amending's) second step: everything spelt out, one Idempotency-Key per attempt; a lost
 * race offers the nearest times. A new booking whose reason asks a deposit or a card hold (issue 64)
 * shows the amount and the terms first, and its press opens the provider's page.
 */
export function ConfirmStep(props: {
  practice: { practiceId: number; name: string };
  pet: { petId: number; name: string };
  /** The other pets of the visit, in order (decision 0117); none: one pet's appointment. */
  withPets?: readonly { petId: number; name: string }[];
  reason: AppointmentReason;
  startsAt: string;
  existing: AppointmentDetail | null;
  /** Moving this whole visit (decision 0117): `pet` and `withPets` are its pets, in order. */
  existingVisitId?: string | null;
  /** The vet the client named (decision 0101); null: any vet. */
  vet?: ChoosableClinician | null;
  onChooseAgain: () => void;
  onAlternative: (slot: AppointmentSlot) => void;
  onDone: (appointment: AppointmentDetail) => void;
  onVisitDone?: (visit: VisitDetail) => void;
  /** Opens the provider's page (a test watches it instead). */
  leaveFor?: (url: string) => void;
}) {
  const { practice, pet, reason, startsAt, existing } = props;
  const vet = props.vet ?? null;
  const book = useBookAppointment();
  const bookVisit = useBookVisit();
  const amend = useAmendAppointment(existing?.appointmentId ?? 0);
  const movingVisitId = props.existingVisitId ?? null;
  const amendVisit = useAmendVisit(movingVisitId);
  const visitPets = existing && !movingVisitId ? [] : [pet, ...(props.withPets ?? [])];
  const visit = visitPets.length > 1;
  // Only a new booking is asked to pay (issue 64); a move keeps the payment taken with the appointment.
  const payment = usePayAndBook(
    existing || movingVisitId
      ? null
      : { practiceId: practice.practiceId, appointmentReasonId: reason.appointmentReasonId, startsAt },
    props.leaveFor,
  );
  const { asked, terms, onError } = payment;
  const paying = asked !== null && !visit;
  const mutation = movingVisitId
    ? amendVisit
    : existing
      ? amend
      : paying
        ? payment.start
        : visit
          ? bookVisit
          : book;
  const error = mutation.error;
  const conflict = error instanceof ApiError && error.status === 409 ? readBookingConflict(error.body) : null;
  const alternatives = conflict?.alternatives ?? [];
  const problem = error ? apiProblem(error) : null;
  const paymentFault = paying && problem ? paymentStartProblemText(problem) : null;
  // The price of the chosen day for each pet, before the client commits (issue 62).
  const quotedPets = visitPets.length > 0 ? visitPets : [pet];
  const prices = useAppointmentPrices(
    {
      practiceId: practice.practiceId,
      appointmentReasonId: reason.appointmentReasonId,
      date: practiceDate(startsAt),
    },
    quotedPets.map((candidate) => candidate.petId),
  );
  const cover = usePlanCover(quotedPets.map((candidate) => candidate.petId));
  const quotes = prices.every((read) => read.isSuccess)
    ? quotedPets.map((candidate, index) => ({
        petName: candidate.name,
        price: prices[index]?.data?.price ?? null,
        covered: isCovered(cover, candidate.petId, reason.appointmentReasonId),
      }))
    : undefined;
  const confirm = () => {
    const onSuccess = (appointment: AppointmentDetail) => props.onDone(appointment);
    const clinician = vet ? { clinicianId: vet.clinicianId } : {};
    payment.forgetChangedTerms();
    if (movingVisitId) {
      // The whole visit, its pets in the same order (decision 0117).
      amendVisit.mutate({ startsAt, ...clinician }, { onSuccess: (moved) => props.onVisitDone?.(moved) });
    } else if (existing) {
      amend.mutate({ startsAt, ...(vet ? { clinicianId: vet.clinicianId } : {}) }, { onSuccess });
    } else if (paying) {
      payment.pay({
        practiceId: practice.practiceId,
        petId: pet.petId,
        appointmentReasonId: reason.appointmentReasonId,
        startsAt,
        ...clinician,
      });
    } else if (visit) {
      // One visit, all or nothing (decision 0117); a new key for each attempt, as for one pet.
      bookVisit.mutate(
        {
          body: {
            practiceId: practice.practiceId,
            petIds: visitPets.map((candidate) => candidate.petId),
            appointmentReasonId: reason.appointmentReasonId,
            startsAt,
            ...(vet ? { clinicianId: vet.clinicianId } : {}),
          },
          idempotencyKey: crypto.randomUUID(),
        },
        { onSuccess: (booked) => props.onVisitDone?.(booked), onError },
      );
    } else {
      // A new key for each attempt: a repeat of this request (a lost answer) finds the first booking.
      book.mutate(
        {
          body: {
            practiceId: practice.practiceId,
            petId: pet.petId,
            appointmentReasonId: reason.appointmentReasonId,
            startsAt,
            ...(vet ? { clinicianId: vet.clinicianId } : {}),
          },
          idempotencyKey: crypto.randomUUID(),
        },
        { onSuccess, onError },
      );
    }
  };
  return (
    <div className={styles.steps}>
      <Section>
        <StepHeading focusKey={`confirm-${startsAt}`}>
          {existing ? 'Check the new time' : visit ? 'Check your visit' : 'Check your appointment'}
        </StepHeading>
        <BookingSummary
          petName={visit ? visitPetNames(visitPets.map((candidate) => candidate.name)) : pet.name}
          reasonName={reason.name}
          practiceName={practice.name}
          startsAt={startsAt}
          clinicianType={reason.clinicianType}
          clinicianName={vet?.name}
        />
        <QuotedPrice quotes={quotes} {...(existing && !movingVisitId ? { previous: existing.price } : {})} />
        {visit && (
          <p className={styles.visitOrder}>
            One after another with the same {vet ? 'vet' : reason.clinicianType.toLowerCase()}:{' '}
            {visitOrder(visitPets, startsAt, reason.durationMinutes)}.
          </p>
        )}
        {/* Who owns the practice, and the written prescription notice (issue 62). */}
        <BookingPracticeNotices practiceId={practice.practiceId} practiceName={practice.name} ownership />
        <BookingPaymentNotices
          asked={asked}
          visit={visit}
          reasonName={reason.name}
          termsFailed={terms.isError}
          onRetryTerms={() => void terms.refetch()}
          changedTerms={payment.changedTerms}
        />
        {/* Changed terms are said by the payment's notice; a move refused for them, in the API's words. */}
        {problem && !(termsChanged(problem.code) && payment.changedTerms) && (
          <div className={styles.problem}>
            {paymentFault ? (
              <AppAlert severity="error">{paymentFault}</AppAlert>
            ) : problem.status === 409 && conflict ? (
              <AppAlert severity="error" title={conflict.message}>
                {alternatives.length > 0
                  ? 'These times near it are free. Choose one, then confirm again:'
                  : 'Choose another time.'}
              </AppAlert>
            ) : (
              <AppAlert severity="error">
                {/* 403 (a rule or a cap), 409, 429 (how long to wait), 400 on the vet named or on a pet
                    of a visit (decision 0117): the API's words. */}
                {problem.status === 403 ||
                problem.status === 409 ||
                problem.status === 429 ||
                (problem.status === 400 && (vet !== null || visit))
                  ? (problem.message ?? submissionFailedMessage)
                  : submissionFailedMessage}
              </AppAlert>
            )}
          </div>
        )}
        <AlternativeTimes
          alternatives={alternatives}
          clinicianType={reason.clinicianType}
          onChoose={(slot) => {
            mutation.reset();
            payment.forgetChangedTerms();
            props.onAlternative(slot);
          }}
        />
      </Section>
      <StepActions>
        <Button
          variant="outlined"
          className={actionButtonClassName}
          onClick={props.onChooseAgain}
          disabled={mutation.isPending || payment.leaving}
        >
          Choose another time
        </Button>
        <Button
          variant="contained"
          className={actionButtonClassName}
          loading={mutation.isPending || payment.leaving || terms.isLoading}
          // Unknown terms, or a payment a visit cannot take: nothing to press until they are settled.
          disabled={terms.isError || (asked !== null && visit)}
          onClick={confirm}
        >
          {paying
            ? payAndBookLabel(asked.kind, asked.amountPence)
            : existing
              ? 'Confirm change'
              : visit
                ? 'Confirm visit'
                : 'Confirm booking'}
        </Button>
      </StepActions>
    </div>
  );
}
