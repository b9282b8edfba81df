import { newClientBodySchema, signupCheckQuerySchema, type NewClientBody } from '@vet/contracts/onboarding';
import { contactChannels, contactPurposes } from '@vet/contracts/contact-preferences';
import { z } from 'zod';

/** A choice from a list: null until chosen, then the chosen id (the contract's own rule). */
function chosen<T extends z.ZodType<number, number>>(rule: T, message: string) {
  return z
    .number()
    .nullable()
    .pipe(z.number({ error: message }).pipe(rule));
}

/**
 * "Find your record" (/registration): GET /signup/check's query, the one shape the API validates with;
 * only the practice starts unchosen.
 */
export const findRecordFormSchema = signupCheckQuerySchema.extend({
  PracticeId: chosen(z.number().int().positive(), 'Choose your home practice.'),
});
export type FindRecordFormValues = z.input<typeof findRecordFormSchema>;

const body = newClientBodySchema.shape;
const address = body.address.shape;

/**
 * The new-client form (/registration-new) as flat fields (the form toolkit's way), each field checked by
 * the contract's own rule, then turned into POST /client/signup's body and checked once more as a whole
 * by `newClientBodySchema`: the form cannot send what the API would refuse for its shape.
 */
export const newClientFormSchema = z
  .object({
    salutationId: chosen(body.salutationId, 'Choose your title.'),
    firstName: body.firstName,
    lastName: body.lastName,
    mobilePhone: body.mobilePhone,
    line1: address.line1,
    line2: address.line2.unwrap(),
    town: address.town,
    county: address.county.unwrap(),
    postcode: address.postcode,
    homePracticeId: chosen(body.homePracticeId, 'Choose your home practice.'),
    contactPreferences: body.contactPreferences,
  })
  .transform((form): NewClientBody => ({
    salutationId: form.salutationId,
    firstName: form.firstName,
    lastName: form.lastName,
    mobilePhone: form.mobilePhone,
    address: {
      line1: form.line1,
      line2: form.line2 === '' ? null : form.line2,
      town: form.town,
      county: form.county === '' ? null : form.county,
      postcode: form.postcode,
    },
    homePracticeId: form.homePracticeId,
    contactPreferences: form.contactPreferences,
  }))
  .pipe(newClientBodySchema);
export type NewClientFormValues = z.input<typeof newClientFormSchema>;
export type NewClientFieldName = keyof NewClientFormValues;

type Choices = NewClientFormValues['contactPreferences'];

/**
 * R3.4: marketing is off unless the person opts in. Reminders are about their pets' care, not
 * marketing: e-mail and SMS start on, and every box can be changed before sending.
 */
export const defaultContactPreferences: Choices = Object.fromEntries(
  contactPurposes.map((purpose) => [
    purpose,
    Object.fromEntries(
      contactChannels.map((channel) => [
        channel,
        purpose === 'reminders' && (channel === 'email' || channel === 'sms'),
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
