import type { SignupCheckResponse } from '@vet/contracts/onboarding';
import { verificationResults } from '@vet/contracts/onboarding';
import { describe, expect, it } from 'vitest';
import { checkStep, clientMatched, newClientHref } from './check-outcome';

const response = (overrides: Partial<SignupCheckResponse>): SignupCheckResponse => ({
  result: 'CheckFailed',
  checkToken: null,
  maskedEmail: null,
  maskedPostcodes: [],
  practiceName: 'Willowbrook Vets Clapham',
  practicePhone: '020 7946 0123',
  ...overrides,
});

describe('checkStep: where each result of the check leads (R4.16)', () => {
  it('VerifyClient: a code was sent, to be typed in next', () => {
    expect(checkStep(response({ result: 'VerifyClient', checkToken: 't' }), 1)).toEqual({
      kind: 'code-sent',
    });
  });

  it('ChooseEmail: offers the masked address on file, with the token to confirm it', () => {
    expect(
      checkStep(response({ result: 'ChooseEmail', checkToken: 't', maskedEmail: 'g•••@e•••.net' }), 1),
    ).toEqual({ kind: 'confirm-email', checkToken: 't', maskedEmail: 'g•••@e•••.net' });
  });

  it('ChoosePostcode: asks about the masked postcodes on file', () => {
    expect(
      checkStep(response({ result: 'ChoosePostcode', checkToken: 't', maskedPostcodes: ['SW4 •••'] }), 1),
    ).toEqual({ kind: 'confirm-postcode', checkToken: 't', maskedPostcodes: ['SW4 •••'] });
  });

  it('a Choose* answer with nothing to confirm sends the person to the practice instead', () => {
    expect(checkStep(response({ result: 'ChooseEmail', checkToken: 't' }), 1)).toEqual({
      kind: 'contact-practice',
    });
    expect(checkStep(response({ result: 'ChooseEmail', maskedEmail: 'a•••@b•••.com' }), 1).kind).toBe(
      'contact-practice',
    );
    expect(checkStep(response({ result: 'ChoosePostcode', checkToken: 't' }), 1).kind).toBe(
      'contact-practice',
    );
  });

  it('SignInClient, ContactPractice and CheckFailed', () => {
    expect(checkStep(response({ result: 'SignInClient' }), 1).kind).toBe('linked-elsewhere');
    expect(checkStep(response({ result: 'ContactPractice' }), 1).kind).toBe('contact-practice');
    expect(checkStep(response({ result: 'CheckFailed' }), 1).kind).toBe('failed');
  });

  it('NewClient: the new-client form with the chosen practice', () => {
    expect(checkStep(response({ result: 'NewClient' }), 7)).toEqual({
      kind: 'new-client',
      href: '/registration-new?practice=7',
    });
    expect(newClientHref(12)).toBe('/registration-new?practice=12');
  });

  it('gives every one of the seven results a step', () => {
    for (const result of verificationResults) {
      expect(checkStep(response({ result }), 1).kind).toEqual(expect.any(String));
    }
  });
});

describe('clientMatched (the Client Matched event)', () => {
  it('is true when one record was found that this person can go on to link', () => {
    expect(
      ['VerifyClient', 'ChooseEmail', 'ChoosePostcode', 'SignInClient'].map((r) => clientMatched(r as never)),
    ).toEqual([true, true, true, true]);
  });

  it('is false for no record or no telling which, and not reported for a failed check', () => {
    expect(clientMatched('NewClient')).toBe(false);
    expect(clientMatched('ContactPractice')).toBe(false);
    expect(clientMatched('CheckFailed')).toBeUndefined();
  });
});
