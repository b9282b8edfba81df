import { createHash } from 'node:crypto';
import type { BookingDeps } from '../booking/index.ts';

/** Decision 0086: how long a freed time is held for the one it is offered to. */
export const OFFER_HOLD_MINUTES = 15;

export const earlierTimeMessages = {
  notWaitable: 'Only a booked appointment still to come can wait for an earlier time.',
  latestDate: 'Choose a date from today up to the day of your appointment.',
  offerNotOpen: 'This earlier time is no longer held for you.',
  offerSubject: 'An earlier time has come up',
  offerLabel: 'See the earlier time and take it',
} as const;

export interface EarlierTimesDeps extends BookingDeps {
  /** The page an offer's e-mail links to, with its token (the token is the offer's only key). */
  offerLink: (token: string) => string;
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
