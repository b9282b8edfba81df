import { petDetailsSchema } from '@vet/contracts/pet-changes';

/**
 * The edit form's rules, loaded when the person first types, leaves a field or saves (decision 0033):
 * this module brings zod. The registration form's rules for these five fields, as the API checks them.
 */
export const editPetFormSchema = petDetailsSchema;
