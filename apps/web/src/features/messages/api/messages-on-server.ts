import {
  conversationListSchema,
  conversationThreadSchema,
  type ConversationList,
  type ConversationThread,
} from '@vet/contracts/messages';
import { getFromApiOnServer } from '@/shared/bff/server-api';
import { serialIdOf } from '@/features/messages/message-text';

/** The practice's answers the owner has not opened, over every conversation: the navigation's count. */
const unreadAnswersOf = (list: ConversationList) =>
  list.conversations.reduce((sum, conversation) => sum + conversation.unreadAnswers, 0);

/** The practice's answers not yet opened, for the frame drawn on the server; undefined when unknown. */
export async function getUnreadAnswersOnServer(): Promise<number | undefined> {
  const list = await getConversationsOnServer();
  return list ? unreadAnswersOf(list) : undefined;
}

/** GET /v2/conversations while the page is drawn on the server; undefined when the API could not say. */
export async function getConversationsOnServer(): Promise<ConversationList | undefined> {
  return (await getFromApiOnServer(['v2', 'conversations'], conversationListSchema)).data;
}

/**
 * GET /v2/conversations/{id} (which marks the practice's answers read): 'not-found' for an id that is not
 * the client's (missing, another client's, not an id: the API answers 404 alike); undefined when the API
 * could not say.
 */
export async function getConversationOnServer(
  id: string,
): Promise<ConversationThread | 'not-found' | undefined> {
  const conversationId = serialIdOf(id);
  if (conversationId === null) return 'not-found';
  const { status, data } = await getFromApiOnServer(
    ['v2', 'conversations', String(conversationId)],
    conversationThreadSchema,
  );
  return status === 404 ? 'not-found' : data;
}
