'use client';

import { useEffect, useState } from 'react';
import { AppAlert } from '@/shared/components/app-alert';
import { formatPracticeClock } from '@/shared/dates/appointment-time';
import { Button } from '@/shared/ui/button';
import typography from '@/shared/ui/typography.module.css';
import { holdMoment, minutesLeft, minutesLeftText, type HoldMoment } from '@/features/appointments/hold-time';
import styles from './hold-countdown.module.css';

const announcements: Record<Exclude<HoldMoment, null>, (extendable: boolean) => string> = {
  'five-minutes': () => 'Your hold on this time has 5 minutes left.',
  warning: (extendable) =>
    extendable
      ? 'Your hold on this time ends in less than 2 minutes. You can hold it for 15 more minutes.'
      : 'Your hold on this time ends in less than 2 minutes.',
  ended: () => 'Your hold on this time has ended.',
};

/** The clock the countdown reads, ticking every few seconds; the moment changes at most three times. */
function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/**
 * The time a hold has left (WCAG 2.2.1 and 2.2.4): the end time and whole minutes, redrawn every five
 * seconds but announced only at 5 minutes, at the 2-minute warning (which offers more time) and at the
 * end, through one polite status region. `onEnded` runs once when the hold runs out. Without `onExtend`
 * (a time held while the owner pays, issue 64, which the provider's page bounds) nothing is offered,
 * and `endingNote` and `endedNote` say what the end means.
 */
export function HoldCountdown(props: {
  expiresAt: string;
  extensionsLeft?: number;
  extending?: boolean;
  onExtend?: () => void;
  onEnded?: () => void;
  endingNote?: string;
  endedNote?: string;
}) {
  const now = useNow(5_000);
  const moment = holdMoment(props.expiresAt, now);
  const left = minutesLeft(props.expiresAt, now);
  const extensible = props.onExtend !== undefined;
  const extendable = extensible && (props.extensionsLeft ?? 0) > 0;
  const { onEnded } = props;
  useEffect(() => {
    if (moment === 'ended') onEnded?.();
  }, [moment, onEnded]);

  return (
    <div className={styles.root}>
      <div role="status" className="visually-hidden">
        {moment ? announcements[moment](extendable) : ''}
      </div>
      {moment === 'ended' ? (
        <AppAlert severity="warning" title="Your hold on this time has ended">
          {props.endedNote ?? 'The time may still be free: hold it again, or choose another.'}
        </AppAlert>
      ) : (
        <>
          <p>
            Held for you until <strong>{formatPracticeClock(props.expiresAt)}</strong> (UK time):{' '}
            {left <= 1 ? 'less than a minute' : `about ${minutesLeftText(left)}`} left.
          </p>
          {moment === 'warning' && (
            <AppAlert severity="warning" title="Your hold is about to end">
              {extendable
                ? 'Hold this time for 15 more minutes if you need longer to finish.'
                : (props.endingNote ??
                  'It cannot be extended again: finish now, or hold the time again once it ends.')}
            </AppAlert>
          )}
          {extensible && (
            <div className={styles.extend}>
              <Button
                variant={moment === 'warning' ? 'contained' : 'outlined'}
                className={styles.extendButton}
                disabled={!extendable}
                loading={props.extending}
                onClick={props.onExtend}
              >
                Hold for 15 more minutes
              </Button>
              <p className={typography.secondary}>
                {extendable
                  ? `You can do this ${props.extensionsLeft === 1 ? 'once more' : `${props.extensionsLeft} more times`}.`
                  : 'This hold cannot be extended again.'}
              </p>
            </div>
          )}
        </>
      )}
    </div>
  );
}
