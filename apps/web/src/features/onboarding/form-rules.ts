/**
 * The onboarding forms' rules, each loaded when the person first types, leaves a field or submits
 * (decision 0033): ./form-schemas brings zod, and only these loaders import it.
 */
const onboardingSchemas = () => import('./form-schemas');

export const codeRules = () => onboardingSchemas().then((schemas) => schemas.codeFormSchema);
export const findRecordRules = () => onboardingSchemas().then((schemas) => schemas.findRecordFormSchema);
export const newClientRules = () => onboardingSchemas().then((schemas) => schemas.newClientFormSchema);
