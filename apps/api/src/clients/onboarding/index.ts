/**
 * The onboarding module: the pre-signup check, codes, invitations and new clients.
 * Other modules import only this file (decision 0054).
 */
export { preSignupRoutes } from './pre-signup-routes.ts';
export { onboardingRoutes } from './routes.ts';
export { defaultBudgets } from './budgets.ts';
export type { OnboardingBudgets } from './budgets.ts';
