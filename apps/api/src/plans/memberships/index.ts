/** A client's memberships: the reads, joining by Direct Debit, its activation, and leaving (decision 0162). */
export { activate, failedMandates } from './activate-membership.ts';
export { endDirectDebit, endPlanDirectDebitTask, planTasks } from './end-direct-debit.ts';
export { lockMembershipsWhere, membershipFacts, type MembershipRow } from './membership-rows.ts';
export { membershipWriteRoutes } from './membership-write-routes.ts';
export type { PlanWriteDeps } from './plan-deps.ts';
export { membershipReadRoutes } from './read-routes.ts';
