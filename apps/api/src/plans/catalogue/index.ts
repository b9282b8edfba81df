/** A practice's plans: the public catalogue and the read the memberships use for a pet's choices. */
export { planOfRow, plansOfferedOnline, practiceName } from './catalogue-repository.ts';
export { planCatalogueRoutes } from './routes.ts';
