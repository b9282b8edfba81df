/**
 * The practices module: practices and their feature settings.
 * Other modules import only this file (decision 0054).
 */
export { createPracticesRepository } from './practices-repository.ts';
export { practiceRoutes } from './routes.ts';
