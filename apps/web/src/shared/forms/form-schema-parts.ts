import { newClientBodySchema } from '@vet/contracts/onboarding';
import { z } from 'zod';

/*
 * Rules the forms' schema modules share (they bring zod, so only those modules, loaded when a form is
 * first used, import this one: decision 0033).
 */

/** A choice from a list: null until chosen, then the chosen id (the contract's own rule). */
export function chosen<T extends z.ZodType<number, number>>(rule: T, message: string) {
  return z
    .number()
    .nullable()
    .pipe(z.number({ error: message }).pipe(rule));
}

const client = newClientBodySchema.shape;
const address = client.address.shape;

/**
 * The client's address as flat fields (the form toolkit's way), each with the contract's own rule (the
 * new client's and "Your details"' address are one schema); an optional line is empty text in the form.
 */
export const addressFormFields = {
  line1: address.line1,
  line2: address.line2.unwrap(),
  town: address.town,
  county: address.county.unwrap(),
  postcode: address.postcode,
};

type AddressFormValues = z.output<z.ZodObject<typeof addressFormFields>>;

/** The flat fields as the body's address: an empty optional line is null. */
export function addressOfForm(form: AddressFormValues) {
  return {
    line1: form.line1,
    line2: form.line2 === '' ? null : form.line2,
    town: form.town,
    county: form.county === '' ? null : form.county,
    postcode: form.postcode,
  };
}

/**
 * The client's own details as flat fields, the new client's and "Your details"' alike (the contract of
 * POST /client takes the new client's rules): names, mobile, address and home practice.
 */
export const clientFormFields = {
  salutationId: chosen(client.salutationId, 'Choose your title.'),
  firstName: client.firstName,
  lastName: client.lastName,
  mobilePhone: client.mobilePhone,
  ...addressFormFields,
  homePracticeId: chosen(client.homePracticeId, 'Choose your home practice.'),
};

type ClientFormValues = z.output<z.ZodObject<typeof clientFormFields>>;

/** The flat fields as the body's client details, the address nested. */
export function clientOfForm(form: ClientFormValues) {
  return {
    salutationId: form.salutationId,
    firstName: form.firstName,
    lastName: form.lastName,
    mobilePhone: form.mobilePhone,
    address: addressOfForm(form),
    homePracticeId: form.homePracticeId,
  };
}
