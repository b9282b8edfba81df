import { contactChannels, contactPurposes } from '@vet/contracts/contact-preference-rules';
import type { z } from 'zod';
import type { findRecordFormSchema, newClientFormSchema } from './form-schemas';

/** The onboarding forms' values; their rules are ./form-schemas, loaded on demand. */
export type FindRecordFormValues = z.input<typeof findRecordFormSchema>;
export type NewClientFormValues = z.input<typeof newClientFormSchema>;
export type NewClientFieldName = keyof NewClientFormValues;

type Choices = NewClientFormValues['contactPreferences'];

/**
 * R3.4: marketing is off unless the person opts in. Reminders are about their pets' care, not
 * marketing: e-mail and SMS start on. Answers to messages start by e-mail only (decision 0168). Every
 * box can be changed before sending.
 */
export const defaultContactPreferences: Choices = Object.fromEntries(
  contactPurposes.map((purpose) => [
    purpose,
    Object.fromEntries(
      contactChannels.map((channel) => [
        channel,
        (purpose === 'reminders' && (channel === 'email' || channel === 'sms')) ||
          (purpose === 'messages' && channel === 'email'),
      ]),
    ),
  ]),
) as Choices;

export function emptyNewClientForm(homePracticeId: number | null): NewClientFormValues {
  return {
    salutationId: null,
    firstName: '',
    lastName: '',
    mobilePhone: '',
    line1: '',
    line2: '',
    town: '',
    county: '',
    postcode: '',
    homePracticeId,
    contactPreferences: defaultContactPreferences,
  };
}

/**
 * The form field a problem of the API's 400 belongs to (`address.postcode` → postcode); the
 * contact-preference grid as a whole; undefined for a path the form does not show.
 */
export function newClientFieldOf(path: string): NewClientFieldName | undefined {
  const [head, next] = path.split('.');
  const name = head === 'address' ? next : head;
  const fields = Object.keys(emptyNewClientForm(null));
  return name !== undefined && fields.includes(name) ? (name as NewClientFieldName) : undefined;
}
