/**
 * Who is signed in: an identity at a trusted provider, known by issuer and subject. The e-mail rides
 * along only to fill a new client record (POST /client/signup, R4.19); the person can change it at the
 * provider, so it never identifies anyone.
 */
export interface Identity {
  issuer: string;
  subject: string;
  /** The token's `email` claim when it holds a plausible address; providers leave it out unless asked. */
  email?: string;
  /**
   * With `email`: whether the token says the provider verified that address (`email_verified` is `true`).
   * A provider that lets people sign up with any address would otherwise vouch for someone else's.
   */
  emailVerified?: boolean;
  /**
   * When the person last signed in at the provider: the access token's signed `auth_time` (seconds,
   * as a Date). Absent when the provider does not put it in access tokens (decision 0079).
   */
  authTime?: Date;
}
