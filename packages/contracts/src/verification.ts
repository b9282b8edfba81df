/** The mode of a verification link (`/verified?code=&clientId=&mode=`): the person signs up or signs in. */
export const verificationModes = ['signup', 'signin'] as const;

export type VerificationMode = (typeof verificationModes)[number];

/** A verification code as e-mailed: six digits (the API's schema and the browser's checks share it). */
export const verificationCodePattern = /^\d{6}$/;

/**
 * R4.17 (decision 0056): an e-mailed code works for this long, and for at most this many wrong tries.
 * The API enforces them; the pages and the e-mail say them.
 */
export const codeValidMinutes = 30;
export const wrongTriesPerCode = 5;
