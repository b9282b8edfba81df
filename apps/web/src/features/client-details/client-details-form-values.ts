import type { ClientDetails } from '@vet/contracts/client-details';
import type { z } from 'zod';
import type { clientDetailsFormSchema } from './client-details-form-schema';

/** "Your details" as the form holds them; its rules are ./client-details-form-schema, loaded on demand. */
export type ClientDetailsFormValues = z.input<typeof clientDetailsFormSchema>;
export type ClientDetailsFieldName = keyof ClientDetailsFormValues;

/** The form's starting values: the record as the API answered it (empty strings for what is missing). */
export function clientDetailsFormValues(details: ClientDetails): ClientDetailsFormValues {
  return {
    salutationId: details.salutationId,
    firstName: details.firstName,
    lastName: details.lastName,
    mobilePhone: details.mobilePhone ?? '',
    homePhone: details.homePhone ?? '',
    line1: details.address.line1 ?? '',
    line2: details.address.line2 ?? '',
    town: details.address.town ?? '',
    county: details.address.county ?? '',
    postcode: details.address.postcode ?? '',
    homePracticeId: details.homePracticeId,
  };
}

const fieldNames: readonly string[] = [
  'salutationId',
  'firstName',
  'lastName',
  'mobilePhone',
  'homePhone',
  'line1',
  'line2',
  'town',
  'county',
  'postcode',
  'homePracticeId',
] satisfies ClientDetailsFieldName[];

/** The form field a problem of the API's 400 belongs to (`address.postcode` → postcode), if shown. */
export function clientDetailsFieldOf(path: string): ClientDetailsFieldName | undefined {
  const [head, next] = path.split('.');
  const name = head === 'address' ? next : head;
  return name !== undefined && fieldNames.includes(name) ? (name as ClientDetailsFieldName) : undefined;
}
