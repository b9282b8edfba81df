/**
 * The practice-records module: the practice system's records through the integration API, by the import's
 * rules (decision 0065). Other modules import only this file (decision 0054).
 */
export { practiceRecordRoutes } from './record-routes.ts';
