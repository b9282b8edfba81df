import type { ActivationStatus } from '@vet/contracts/profile';
import type { ConversationList } from '@vet/contracts/messages';
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '@/shared/api/api-client-context';
import { useSession } from '@/shared/auth-session/session-client';

/** The practice's answers the owner has not opened, over every conversation: the navigation's count. */
export const unreadAnswersOf = (list: ConversationList) =>
  list.conversations.reduce((sum, conversation) => sum + conversation.unreadAnswers, 0);

/**
 * GET /v2/conversations for the frame of the pages that read the API from the browser, linked clients
 * only (R4.2, as the pets). The count only: the list's page is drawn on the server.
 */
export function useUnreadAnswers(activationStatus: ActivationStatus | undefined) {
  const { status } = useSession();
  const api = useApiClient();
  return useQuery({
    queryKey: ['conversations', 'unread'],
    queryFn: async ({ signal }) =>
      unreadAnswersOf(await api.get<ConversationList>('/v2/conversations', { signal })),
    enabled: status === 'authenticated' && activationStatus === 'COMPLETED',
  });
}
