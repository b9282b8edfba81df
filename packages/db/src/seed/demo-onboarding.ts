import type { VerificationResult } from '@vet/contracts/onboarding';
import { DEMO_ACCOUNT } from './demo-accounts.ts';

/**
 * Demo inputs that reach each result of the pre-signup check (R4.16) from the demo data, for the README
 * and a walk through onboarding; a test in apps/api checks each against the real API. `result` is what
 * the person it is for gets, signed in (`GET /signup/check`, "Find your record"); `anonymously` what
 * `GET /pre-signup/check` answers, which tells only VerifyClient apart from NewClient (decision 0056).
 */
export interface DemoCheck {
  result: VerificationResult;
  anonymously: Extract<VerificationResult, 'NewClient' | 'VerifyClient' | 'CheckFailed'>;
  lastName: string;
  postcode: string;
  email: string;
  practice: string;
  why: string;
}

export const DEMO_CHECKS: readonly DemoCheck[] = [
  {
    result: 'NewClient',
    anonymously: 'NewClient',
    lastName: 'Newman',
    postcode: 'SW4 0LN',
    email: 'sam.newman@example.com',
    practice: 'Willowbrook Vets Clapham',
    why: 'no client record matches',
  },
  {
    result: 'VerifyClient',
    anonymously: 'VerifyClient',
    lastName: 'Thompson',
    postcode: 'SW4 0LN',
    email: 'grace.thompson@example.net',
    practice: 'Willowbrook Vets Clapham',
    why: 'all three match an unlinked record: a code is e-mailed to the address on file',
  },
  {
    result: 'SignInClient',
    anonymously: 'NewClient',
    lastName: DEMO_ACCOUNT.manyPets.lastName,
    postcode: 'SW4 0LN',
    email: DEMO_ACCOUNT.manyPets.email,
    practice: 'Willowbrook Vets Clapham',
    why: 'the record is linked to a demo account already',
  },
  {
    result: 'ChooseEmail',
    anonymously: 'NewClient',
    lastName: 'Thompson',
    postcode: 'SW4 0LN',
    email: 'grace.t@example.com',
    practice: 'Willowbrook Vets Clapham',
    why: 'name and postcode match, the e-mail differs: offers g•••@e•••.net',
  },
  {
    result: 'ChoosePostcode',
    anonymously: 'NewClient',
    lastName: 'Thompson',
    postcode: 'N1 2UQ',
    email: 'grace.thompson@example.net',
    practice: 'Willowbrook Vets Clapham',
    why: 'name and e-mail match, the postcode differs: offers SW4 •••',
  },
  {
    result: 'ContactPractice',
    anonymously: 'NewClient',
    lastName: 'Patel',
    postcode: 'N1 2UQ',
    email: 'anita.patel@example.net',
    practice: 'Willowbrook Vets Islington',
    why: 'two Patels live at N1 2UQ',
  },
  {
    result: 'ContactPractice',
    anonymously: 'NewClient',
    lastName: 'Pennington',
    postcode: 'LA9 4HX',
    email: 'arthur.pennington@example.net',
    practice: 'Willowbrook Vets Kendal',
    why: 'the one record has no e-mail on file',
  },
  {
    result: 'CheckFailed',
    anonymously: 'CheckFailed',
    lastName: 'Thompson',
    postcode: 'SW4 0LN',
    email: 'grace.thompson@example.net',
    practice: 'Willowbrook Referrals Guildford',
    why: 'a referrals centre, not offered online: checks cannot be made there (use its id in the API)',
  },
];

export type DemoInvitationState = 'valid' | 'expired' | 'used';

/** A practice's invitation (R4.18) with a known code: `/invite?rc=CODE&ln=LASTNAME`. Stored hashed. */
export interface DemoInvitation {
  code: string;
  state: DemoInvitationState;
  /** The invited client record, by its e-mail on file. */
  clientEmail: string;
  lastName: string;
  description: string;
}

export const DEMO_INVITATIONS: readonly DemoInvitation[] = [
  {
    code: 'HV7K-3MQ9-XP2D',
    state: 'valid',
    clientEmail: 'charlotte.davies@example.net',
    lastName: 'Davies',
    description: 'valid for 30 days from seeding: links Charlotte Davies (Bath) to the signed-in account',
  },
  {
    code: 'HV4N-8WJC-2VBR',
    state: 'expired',
    clientEmail: 'ellie.robinson@example.org',
    lastName: 'Robinson',
    description: 'expired 10 days before seeding (Ellie Robinson, Bath)',
  },
  {
    code: 'HV9F-6KZR-3MWE',
    state: 'used',
    clientEmail: DEMO_ACCOUNT.noPets.email,
    lastName: DEMO_ACCOUNT.noPets.lastName,
    description: 'already used, by the demo account priya.shah@example.com',
  },
];
