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

const address = newClientBodySchema.shape.address.shape;

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
