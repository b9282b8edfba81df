/**
 * The practice's writes to owners' conversations (issue 66, decision 0168) on the integration API: answer,
 * mark read, close. Other modules import only this file (decision 0091).
 */
export { conversationWriteRoutes } from './conversation-write-routes.ts';
