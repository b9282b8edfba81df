/**
 * Messages with the practice (issue 66, decision 0165): a client's conversations with their practice,
 * the files they attach, and what the practice system reads and answers.
 */
export * from './attachment-links/index.ts';
export { clientConversationRoutes } from './client/index.ts';
export * from './attachments/index.ts';
export * from './events/index.ts';
export * from './practice-answers/index.ts';
