/**
 * The practice's side of a conversation (decision 0168): its answer with the owner's notices, marking the
 * owner's messages read, closing. The integration API's routes (practice-system) call these.
 */
export { answerConversation, type PracticeAnswer, type StoredAnswer } from './answer-conversation.ts';
export { type AnswerNoticeSettings } from './answer-notice.ts';
export { practiceConversationRefusals } from './practice-conversation.ts';
export { closeConversation, markConversationRead } from './read-and-close.ts';
