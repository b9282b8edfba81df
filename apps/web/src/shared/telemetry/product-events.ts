import type { telemetryApplicationTag } from '@vet/contracts/telemetry';

/**
 * The nine product events of R1.7 and the properties each carries. R1.7 and R1.8 name the events and the
 * property set, not which event carries which property: this pairing is ours, chosen by what each event
 * is about. Features call `trackEvent('Appointments Found', { count })` and the compiler checks both.
 *
 * No personal data: no names, e-mail addresses, phone numbers or postcodes. `auth0Id` is the identity
 * provider's opaque subject id; `errorMessage` and `errors` are scrubbed of e-mail addresses before
 * sending (see sanitise-event.ts).
 */

/** R3.14: the pre-signup check's results (R4.16). */
export type ClientCheckResult =
  | 'VerifyClient'
  | 'ContactPractice'
  | 'NewClient'
  | 'SignInClient'
  | 'ChoosePostcode'
  | 'ChooseEmail'
  | 'CheckFailed';

/** R3.14: authenticationType. */
export type SignUpMethod = 'UsernamePassword' | 'SocialConnection';

export interface ProductEvents {
  'Registration Succeeded': { componentName: string; practiceId?: number };
  'Registration Failed': { componentName: string; errorMessage?: string; errors?: string[] };
  /** Only with a count above zero (R1.7); `trackAppointmentsLoaded` picks the event for you. */
  'Appointments Found': { count: number; componentName?: string };
  'Appointments Not Found': { componentName?: string };
  /** The portal page the person set off from, by its first path segment ('guest', 'invite'): startSignIn. */
  'Sign Up Page Visited': { placeNavigatedFrom: string };
  'Client Matched': { clientMatched: boolean; practiceId?: number };
  'Sign Up Failed': { signUpMethod?: SignUpMethod; signUpFailedReason: string; errorMessage?: string };
  /**
   * The browser does not know the identity's subject or how it signed up (tokens and claims stay on the
   * server, decision 0009): the portal sends these only where it knows them.
   */
  'Sign Up Succeeded': { signUpMethod?: SignUpMethod; auth0Id?: string; signUpSucceeded: true };
  'New Client Checked': { clientCheckResult: ClientCheckResult; practiceId?: number };
}

export type ProductEventName = keyof ProductEvents;

/** What lands on `window.dataLayer`: the event, its properties, and the application tags (R1.4). */
export type DataLayerEntry<Name extends ProductEventName = ProductEventName> = {
  event: Name;
} & ProductEvents[Name] & {
    application: typeof telemetryApplicationTag;
    version: string;
  };
