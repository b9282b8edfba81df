/**
 * What a practice system reads of its practice's conversations (issue 66, decision 0169): the list,
 * keyset-paged, and one conversation with signed links to its files. Other modules import only this file.
 */
export { conversationReadRoutes } from './conversation-read-routes.ts';
export type { ConversationReadSettings } from './conversation-read-service.ts';
