/**
 * One of the signed-in person's sessions as "Where you are signed in" shows it (and as the browser
 * receives it): the device summary, when it was last active, and whether it is this browser's. The row
 * id is not sent: nothing in the page acts on one session alone.
 */
export type SessionListItem = {
  device: string;
  /** ISO 8601. */
  lastActiveAt: string;
  current: boolean;
};

export type SessionList = { sessions: SessionListItem[] };
