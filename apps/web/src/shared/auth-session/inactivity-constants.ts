import { serverSessionIdleTimeoutMs } from '@vet/contracts/sessions';

/** R9.1: the inactivity rules, in one place. */

/** Logged out after this long without activity on a signed-in page (15 minutes). */
export const INACTIVITY_TIMEOUT_MS = 900_000;
/** The idle detector fires this much earlier, opening the warning (at 14 minutes). */
export const IDLE_WARNING_BEFORE_MS = 60_000;
/** The warning's countdown, in seconds: the time left between the warning and the logout. */
export const WARNING_COUNTDOWN_SECONDS = IDLE_WARNING_BEFORE_MS / 1000;
/** Activity events (mouse, keys, touch, scroll) are debounced by this much. */
export const ACTIVITY_DEBOUNCE_MS = 500;
/** Screen readers hear the countdown at these points only, not every second. */
export const ANNOUNCED_SECONDS_LEFT = [30, 10] as const;

/**
 * The server's side of the same rule (@vet/contracts/sessions): a session no request has touched for
 * this long is ended and its row deleted (a closed tab on a shared computer): the 15 minutes, plus the
 * minute by which the last request's time may lag (active-session.ts writes it at most once a minute).
 */
export const SERVER_IDLE_TIMEOUT_MS = serverSessionIdleTimeoutMs;
/**
 * A person active on a page that makes no requests (reading, filling a long form) tells the server so at
 * most this often, so the server's idle rule never ends a session the browser still keeps.
 */
export const ACTIVITY_HEARTBEAT_MS = 5 * 60_000;
