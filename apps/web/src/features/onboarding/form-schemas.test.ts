import { newClientBodySchema } from '@vet/contracts/onboarding';
import { describe, expect, it } from 'vitest';
import { collectErrors } from '@/shared/forms/use-zod-form';
import { findRecordFormSchema, newClientFormSchema } from './form-schemas';
import {
  defaultContactPreferences,
  emptyNewClientForm,
  newClientFieldOf,
  type NewClientFormValues,
} from './form-values';

describe('findRecordFormSchema', () => {
  it('asks for a practice until one is chosen, then gives the check its query', () => {
    const values = {
      PracticeId: null,
      LastName: ' Thompson ',
      PostCode: 'SW4 0LN',
      Email: 'grace@example.net',
    };
    expect(collectErrors(findRecordFormSchema, values)).toEqual({ PracticeId: 'Choose your home practice.' });
    expect(findRecordFormSchema.parse({ ...values, PracticeId: 1 })).toEqual({
      PracticeId: 1,
      LastName: 'Thompson',
      PostCode: 'SW4 0LN',
      Email: 'grace@example.net',
    });
  });

  it("uses the contract's messages for the other fields", () => {
    expect(
      collectErrors(findRecordFormSchema, { PracticeId: 1, LastName: '', PostCode: 'SW4', Email: 'x' }),
    ).toEqual({
      LastName: 'Enter your last name.',
      PostCode: 'Enter a full UK postcode, such as SW1A 1AA.',
      Email: 'Enter a valid e-mail address.',
    });
  });
});

const filled: NewClientFormValues = {
  ...emptyNewClientForm(3),
  salutationId: 2,
  firstName: 'Ada',
  lastName: 'Hart',
  mobilePhone: '07700 900123',
  line1: '12 Rectory Grove',
  town: 'London',
  postcode: 'SW4 0DR',
};

describe('newClientFormSchema', () => {
  it('turns the flat form into the body of POST /client/signup, empty optional lines as null', () => {
    const body = newClientFormSchema.parse(filled);
    expect(newClientBodySchema.parse(body)).toEqual(body);
    expect(body.address).toEqual({
      line1: '12 Rectory Grove',
      line2: null,
      town: 'London',
      county: null,
      postcode: 'SW4 0DR',
    });
    expect(body.homePracticeId).toBe(3);
  });

  it('names each missing field with its message', () => {
    expect(collectErrors(newClientFormSchema, emptyNewClientForm(null))).toEqual({
      salutationId: 'Choose your title.',
      firstName: 'Enter your first name.',
      lastName: 'Enter your last name.',
      mobilePhone: 'Enter your mobile number.',
      line1: 'Enter the first line of your address.',
      town: 'Enter your town or city.',
      postcode: 'Enter a full UK postcode, such as SW1A 1AA.',
      homePracticeId: 'Choose your home practice.',
    });
  });

  it('starts with marketing off on every channel (opt-in), reminders by e-mail and SMS, answers by e-mail', () => {
    expect(defaultContactPreferences).toEqual({
      reminders: { email: true, sms: true, phone: false, post: false },
      marketing: { email: false, sms: false, phone: false, post: false },
      messages: { email: true, sms: false, phone: false, post: false },
    });
  });
});

describe('newClientFieldOf', () => {
  it("finds the form field of an API issue's path", () => {
    expect(newClientFieldOf('address.postcode')).toBe('postcode');
    expect(newClientFieldOf('mobilePhone')).toBe('mobilePhone');
    expect(newClientFieldOf('contactPreferences.marketing.sms')).toBe('contactPreferences');
    expect(newClientFieldOf('email')).toBeUndefined();
    expect(newClientFieldOf('address')).toBeUndefined();
  });
});
