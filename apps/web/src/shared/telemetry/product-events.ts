/**
 * The nine product events of spec 1 and the properties each carries. The spec names the events and the
 * property set, not which event carries which property: this pairing is ours, chosen by what each event
 * is about. Features call `trackEvent('Appointments Found', { count })` and the compiler checks both.
 *
 * No personal data: no names, e-mail addresses, phone numbers or postcodes. `auth0Id` is the identity
 * provider's opaque subject id; `errorMessage` and `errors` are scrubbed of e-mail addresses before
 * sending (see sanitise-event.ts).
 */

/** Spec 3: the pre-signup check's results. */
export type ClientCheckResult =
  | 'VerifyClient'
  | 'ContactPractice'
  | 'NewClient'
  | 'SignInClient'
  | 'ChoosePostcode'
  | 'ChooseEmail'
  | 'CheckFailed';

/** Spec 3: authenticationType. */
export type SignUpMethod = 'UsernamePassword' | 'SocialConnection';

export interface ProductEvents {
  'Registration Succeeded': { componentName: string; practiceId?: number };
  'Registration Failed': { componentName: string; errorMessage?: string; errors?: string[] };
  /** Only with a count above zero (spec 1); `trackAppointmentsLoaded` picks the event for you. */
  'Appointments Found': { count: number; componentName?: string };
  'Appointments Not Found': { componentName?: string };
  'Sign Up Page Visited': { placeNavigatedFrom: string };
  'Client Matched': { clientMatched: boolean; practiceId?: number };
  'Sign Up Failed': { signUpMethod?: SignUpMethod; signUpFailedReason: string; errorMessage?: string };
  'Sign Up Succeeded': { signUpMethod: SignUpMethod; auth0Id: string; signUpSucceeded: true };
  'New Client Checked': { clientCheckResult: ClientCheckResult; practiceId?: number };
}

export type ProductEventName = keyof ProductEvents;

/** What lands on `window.dataLayer`: the event, its properties, and the application tags (spec 1). */
export type DataLayerEntry<Name extends ProductEventName = ProductEventName> = {
  event: Name;
} & ProductEvents[Name] & {
    application: 'clientPortalFE';
    version: string;
  };
