import type { ConversationList } from '@vet/contracts/messages';

/** The practice's answers the owner has not opened, over every conversation: the navigation's count. */
export const unreadAnswersOf = (list: ConversationList) =>
  list.conversations.reduce((sum, conversation) => sum + conversation.unreadAnswers, 0);
