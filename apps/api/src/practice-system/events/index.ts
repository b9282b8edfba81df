/**
 * The practice events module: the dispatcher that delivers them as webhooks, and its settings.
 * Other modules import only this file (decision 0054).
 */
export { eventDispatcherPlugin } from './dispatcher-plugin.ts';
