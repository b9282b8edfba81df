/**
 * The online-account module: deleting the signed-in person's online account (decision 0080).
 * Other modules import only this file (decision 0054).
 */
export { onlineAccountRoutes } from './routes.ts';
