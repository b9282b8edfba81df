/**
 * The practices module: practices and their feature settings, and a client's home practice.
 * Other modules import only this file (decision 0054).
 */
export { createPracticesRepository } from './practices-repository.ts';
export { homePracticeRoutes } from './home-practice-routes.ts';
export { practiceRoutes } from './routes.ts';
