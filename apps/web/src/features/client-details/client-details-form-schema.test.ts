import type { ClientDetails } from '@vet/contracts/client-details';
import { describe, expect, it } from 'vitest';
import { collectErrors } from '@/shared/forms/use-zod-form';
import { clientDetailsFormSchema } from './client-details-form-schema';
import { clientDetailsFieldOf, clientDetailsFormValues } from './client-details-form-values';

const details: ClientDetails = {
  clientId: 7,
  salutationId: 2,
  firstName: 'Hannah',
  lastName: 'Lewis',
  email: 'hannah.lewis@example.com',
  mobilePhone: '07700 900123',
  homePhone: null,
  address: { line1: '3 Station Parade', line2: null, town: 'Harrogate', county: null, postcode: 'HG1 1TX' },
  homePracticeId: 4,
  homePracticeName: 'Harrogate',
  homePracticePhone: '01423 000000',
  updatedAt: '2026-05-01T10:00:00.000Z',
};

describe('the details form', () => {
  it('starts from the record and sends POST /client’s body, empty optional fields as null', () => {
    const values = clientDetailsFormValues(details);
    expect(values).toMatchObject({ homePhone: '', line2: '', county: '', postcode: 'HG1 1TX' });
    expect(clientDetailsFormSchema.parse(values)).toEqual({
      salutationId: 2,
      firstName: 'Hannah',
      lastName: 'Lewis',
      mobilePhone: '07700 900123',
      homePhone: null,
      address: {
        line1: '3 Station Parade',
        line2: null,
        town: 'Harrogate',
        county: null,
        postcode: 'HG1 1TX',
      },
      homePracticeId: 4,
    });
  });

  it('gives each missing or bad field its own message', () => {
    const errors = collectErrors(clientDetailsFormSchema, {
      ...clientDetailsFormValues(details),
      salutationId: null,
      firstName: ' ',
      mobilePhone: '',
      line1: '',
      town: '',
      postcode: 'HG1',
      homePracticeId: null,
    });
    expect(errors).toEqual({
      salutationId: 'Choose your title.',
      firstName: 'Enter your first name.',
      mobilePhone: 'Enter your mobile number.',
      line1: 'Enter the first line of your address.',
      town: 'Enter your town or city.',
      postcode: 'Enter a full UK postcode, such as SW1A 1AA.',
      homePracticeId: 'Choose your home practice.',
    });
  });

  it('puts the API’s issues on the fields they name', () => {
    expect(clientDetailsFieldOf('address.postcode')).toBe('postcode');
    expect(clientDetailsFieldOf('homePhone')).toBe('homePhone');
    expect(clientDetailsFieldOf('email')).toBeUndefined();
  });
});
