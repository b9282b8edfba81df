/**
 * The identity module: who is signed in and the client record linked to them.
 * Other modules import only this file (decision 0054).
 */
export type { Identity } from './identity.ts';
export { createLinkedClientLookup, linkedToIdentity, recordsOfLinkedClient } from './linked-client.ts';
export type { LinkedClient, LinkedClientLookup } from './linked-client.ts';
