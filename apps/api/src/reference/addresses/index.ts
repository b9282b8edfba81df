/**
 * The addresses module: UK address lookup routes.
 * Other modules import only this file (decision 0054).
 */
export { addressRoutes } from './routes.ts';
