import { updateClientDetailsBodySchema, type UpdateClientDetailsBody } from '@vet/contracts/client-details';
import { z } from 'zod';
import { clientFormFields, clientOfForm } from '@/shared/forms/form-schema-parts';

/**
 * The form's rules, loaded when the person first types, leaves a field or saves (decision 0033): this
 * module brings zod, so only the form's rules loader imports it; the values live in ./client-details-form-values.
 *
 * "Your details" (/client-detail) as flat fields (the form toolkit's way), each checked by the contract's
 * own rule, then turned into POST /client's body and checked as a whole by the same schema the API uses.
 */
export const clientDetailsFormSchema = z
  .object({
    ...clientFormFields,
    homePhone: z.string().trim().max(20, 'Enter at most 20 characters.'),
  })
  .transform((form): UpdateClientDetailsBody => ({
    ...clientOfForm(form),
    homePhone: form.homePhone === '' ? null : form.homePhone,
  }))
  .pipe(updateClientDetailsBodySchema);
