/** The client's side of messages with the practice (issue 66): reading conversations and writing. */
export { clientConversationRoutes } from './routes.ts';
export { messagingPractice, openAt } from './messaging-practice.ts';
