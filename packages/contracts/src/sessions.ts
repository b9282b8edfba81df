/**
 * R9.1 on the server: a signed-in session no request has touched for this long is over. The browser's
 * rule is 15 minutes without activity (apps/web inactivity-constants.ts); the server allows one more
 * minute, by which the time of the last request may lag (the web writes it at most once a minute).
 * Here because the web ends such a session when it is used or sweeps it (revoking its refresh token),
 * and the job queue deletes the rows that hold none (decision 0058).
 */
export const serverSessionIdleTimeoutMs = 16 * 60_000;
