'use client';

import { OnDemandConfirmDialog } from '@/shared/components/on-demand-confirm-dialog';
import { ANNOUNCED_SECONDS_LEFT } from './inactivity-constants';

/** What the polite live region says: nothing until a threshold (30 s, 10 s) is reached, then that. */
export function countdownAnnouncement(secondsLeft: number): string {
  const threshold = [...ANNOUNCED_SECONDS_LEFT].reverse().find((seconds) => secondsLeft <= seconds);
  return threshold === undefined ? '' : `About ${threshold} seconds left before you are logged out.`;
}

const plural = (count: number) => `${count} ${count === 1 ? 'second' : 'seconds'}`;

/**
 * R4.10: the warning before logout. The visible countdown changes every second but is not a
 * live region (a screen reader would read every tick); the dialog's description is read when it opens,
 * and a polite status message follows at 30 and 10 seconds.
 */
export function SessionExpiryDialog(props: {
  open: boolean;
  secondsLeft: number;
  onContinue: () => void;
  onLogout: () => void;
}) {
  return (
    <OnDemandConfirmDialog
      open={props.open}
      title="Your session will expire soon"
      descriptions={[
        <>
          You have not used the portal for a while. For your security, you will be logged out in{' '}
          <strong>{plural(props.secondsLeft)}</strong>.
        </>,
        <>
          Choose ‘Continue session’ to stay logged in.
          <span role="status" className="visually-hidden">
            {countdownAnnouncement(props.secondsLeft)}
          </span>
        </>,
      ]}
      primaryLabel="Continue session"
      secondaryLabel="Log out"
      onPrimary={props.onContinue}
      onSecondary={props.onLogout}
      // Pressing Escape is activity: it keeps the session rather than ending it.
      onEscape={props.onContinue}
    />
  );
}
