/**
 * The demo seed for tests that check what README.md promises of it (every onboarding result, the
 * invitations): apps never import from a seed/ folder, so their tests reach it through this kit.
 */
export { DEMO_CHECKS, DEMO_INVITATIONS } from '../seed/demo-onboarding.ts';
export { seedDemoData } from '../seed/seed-demo-data.ts';
