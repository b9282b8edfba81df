/**
 * The email module: the development mailbox and the e-mail worker.
 * Other modules import only this file (decision 0054).
 */
export { emailWorkerPlugin } from './email-worker-plugin.ts';
export { devMailboxRoutes } from './routes.ts';
