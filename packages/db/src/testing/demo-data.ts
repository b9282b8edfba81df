/**
 * The demo seed's onboarding inputs for tests that check what README.md promises of them (every
 * onboarding result, the invitations): apps never import from a seed/ folder, so their tests reach them
 * through this kit. The demo group itself loads through the importer (@vet/practice-import's
 * loadDemoGroup, decision 0064).
 */
export { DEMO_CHECKS, DEMO_INVITATIONS } from '../seed/demo-onboarding.ts';
