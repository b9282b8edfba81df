/**
 * The integration module: the practice system's API under /integration/v1 (decision 0062).
 * Other modules import only this file (decision 0054).
 */
export { integrationApi, integrationRoutePlugins } from './integration-api.ts';
export type { IntegrationApiOptions, IntegrationRouteSettings } from './integration-api.ts';
