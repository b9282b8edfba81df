/** The mode of a verification link (`/verified?code=&clientId=&mode=`): the person signs up or signs in. */
export const verificationModes = ['signup', 'signin'] as const;

export type VerificationMode = (typeof verificationModes)[number];

/** A verification code as e-mailed: six digits (the API's schema and the browser's checks share it). */
export const verificationCodePattern = /^\d{6}$/;
