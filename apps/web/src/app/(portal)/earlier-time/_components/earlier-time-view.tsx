'use client';

import { earlierTimeOfferMessages, type EarlierTimeOffer } from '@vet/contracts/earlier-times';
import { useEffect, type FormEvent } from 'react';
import { useEarlierTimeOffer, useTakeEarlierTimeOffer } from '@/features/appointments/api/earlier-times';
import { BookingSummary } from '@/features/appointments/components/booking-summary';
import { apiProblem, submissionFailedMessage } from '@/shared/api/api-problem';
import { AppAlert } from '@/shared/components/app-alert';
import { LoadError } from '@/shared/components/load-error';
import { LoadingSpinner } from '@/shared/components/loading-spinner';
import { formatLabelledAppointmentTime, formatPracticeClock } from '@/shared/dates/appointment-time';
import { Button } from '@/shared/ui/button';
import { forgetLinkToken, useLinkToken } from '@/shared/navigation/use-link-token';
import { TextLink } from '@/shared/ui/text-link';
import styles from '@/features/appointments/components/link-page.module.css';

/**
 * One plain answer for an offer taken, lapsed, or a link that is not one; a time the practice booked
 * (the API's givenAway message) is said to be so.
 */
function NoLongerHeld({ message }: { message?: string | null }) {
  // The offer's flow is over: the tab's copy of the token goes (decision 0095).
  useEffect(() => forgetLinkToken('earlier-time'), []);
  const givenAway = message === earlierTimeOfferMessages.givenAway;
  return (
    <div className={styles.stack}>
      {givenAway ? (
        <AppAlert severity="info" title="This time is no longer available">
          {earlierTimeOfferMessages.givenAway}
        </AppAlert>
      ) : (
        <AppAlert severity="info" title="This time is no longer held for you">
          It has been taken, or the 15 minutes we held it for have passed. Your appointment has not changed.
        </AppAlert>
      )}
      <p>
        To see your appointments, <TextLink href="/appointments">sign in to the portal</TextLink>, or call
        your practice.
      </p>
    </div>
  );
}

/**
 * /earlier-time: the held time and the one press that takes it (decision 0086). The token leaves the
 * address bar once read and stays with the tab until the offer is taken or found gone (decision 0095).
 */
export function EarlierTimeView() {
  const token = useLinkToken('earlier-time');
  if (token === null) return <LoadingSpinner height="30vh" label="Loading the earlier time" />;
  if (token === '') return <NoLongerHeld />;
  return <Offer key={token} token={token} />;
}

function Offer({ token }: { token: string }) {
  const offer = useEarlierTimeOffer(token);
  const take = useTakeEarlierTimeOffer(token);
  if (offer.isPending) return <LoadingSpinner height="30vh" label="Loading the earlier time" />;
  if (offer.isError) {
    const problem = apiProblem(offer.error);
    if (problem.status === 404) return <NoLongerHeld message={problem.message} />;
    if (problem.status === 429 && problem.message)
      return <AppAlert severity="error">{problem.message}</AppAlert>;
    return <LoadError message="We could not load the earlier time." onRetry={() => void offer.refetch()} />;
  }
  const problem = take.isError ? apiProblem(take.error) : null;
  if (problem?.status === 404 || problem?.status === 409) return <NoLongerHeld message={problem.message} />;
  if (take.isSuccess) {
    return (
      <div className={styles.stack}>
        <AppAlert severity="success" title="Your appointment has moved">
          It is now on {formatLabelledAppointmentTime(take.data.startsAt)}. We have e-mailed you to confirm
          it.
        </AppAlert>
        <p>
          <TextLink href="/appointments">See your appointments</TextLink>
        </p>
      </div>
    );
  }
  return (
    <OfferDetails
      offer={offer.data}
      pending={take.isPending}
      failed={problem !== null}
      onTake={() => take.mutate(undefined, { onSuccess: () => forgetLinkToken('earlier-time') })}
    />
  );
}

function OfferDetails(props: {
  offer: EarlierTimeOffer;
  pending: boolean;
  failed: boolean;
  onTake: () => void;
}) {
  const { offer } = props;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onTake();
  };
  return (
    <div className={styles.stack}>
      <section aria-labelledby="earlier-offer-heading" className={styles.section}>
        <h2 id="earlier-offer-heading">The earlier time</h2>
        <BookingSummary {...offer} startsAt={offer.offeredStartsAt} />
        <p className={styles.secondary}>
          Held for you until {formatPracticeClock(offer.heldUntil)} UK time. Your appointment now is on{' '}
          {formatLabelledAppointmentTime(offer.currentStartsAt)}; it stays as it is unless you take the
          earlier time.
        </p>
      </section>
      {props.failed && <AppAlert severity="error">{submissionFailedMessage}</AppAlert>}
      <form onSubmit={submit} className={styles.section} aria-labelledby="earlier-take-heading">
        <h2 id="earlier-take-heading">Take it?</h2>
        <p>Your appointment moves to the earlier time and its old time is freed for someone else.</p>
        <div>
          <Button type="submit" variant="contained" loading={props.pending} className={styles.action}>
            Move my appointment to this time
          </Button>
        </div>
      </form>
    </div>
  );
}
