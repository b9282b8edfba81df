import {
  newClientBodySchema,
  signupCheckQuerySchema,
  verificationCodeSchema,
  type NewClientBody,
} from '@vet/contracts/onboarding';
import { z } from 'zod';
import { chosen, clientFormFields, clientOfForm } from '@/shared/forms/form-schema-parts';

/*
 * The onboarding forms' rules, loaded when the person first types, leaves a field or submits (decision
 * 0033): this module brings zod, so only the forms' rules loaders import it; the values live in
 * ./form-values.
 */

/** The code from the e-mail (a STARTED person, R3.2). */
export const codeFormSchema = z.object({ code: verificationCodeSchema });

/**
 * "Find your record" (/registration): GET /signup/check's query, the one shape the API validates with;
 * only the practice starts unchosen.
 */
export const findRecordFormSchema = signupCheckQuerySchema.extend({
  PracticeId: chosen(z.number().int().positive(), 'Choose your home practice.'),
});

/**
 * The new-client form (/registration-new) as flat fields (the form toolkit's way), each field checked by
 * the contract's own rule, then turned into POST /client/signup's body and checked once more as a whole
 * by `newClientBodySchema`: the form cannot send what the API would refuse for its shape.
 */
export const newClientFormSchema = z
  .object({
    ...clientFormFields,
    contactPreferences: newClientBodySchema.shape.contactPreferences,
  })
  .transform((form): NewClientBody => ({
    ...clientOfForm(form),
    contactPreferences: form.contactPreferences,
  }))
  .pipe(newClientBodySchema);
