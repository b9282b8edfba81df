import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getRequestServerConfig } from '@/config/request-config';
import { RequireAuth } from '@/features/auth/components/require-auth';
import { serverSession } from '@/features/auth/server/server-session';
import { getConversationOnServer } from '@/features/messages/api/messages-on-server';
import { BeforeWriting } from '@/features/messages/components/before-writing';
import { ConversationThread } from '@/features/messages/components/conversation-thread';
import { MessageComposer } from '@/features/messages/components/message-composer';
import styles from '@/features/messages/components/messages.module.css';
import { conversationTitle } from '@/features/messages/message-text';
import { LoadError } from '@/shared/components/load-error';
import { pageMetadata } from '@/shared/page-metadata';
import { Container } from '@/shared/ui/container';
import { TextLink } from '@/shared/ui/text-link';

export const generateMetadata = (): Promise<Metadata> => pageMetadata('Conversation');

/**
 * One conversation (/messages/{id}, issue 66), drawn on the server: the messages oldest first, each of the
 * owner's with its state, then writing again. Opening it marks the practice's answers read. An id that is
 * not the client's is the 404. A closed conversation is read only: the next message opens a new one.
 */
export default async function ConversationPage({ params }: { params: Promise<{ conversationId: string }> }) {
  if (!(await serverSession())) return <RequireAuth>{null}</RequireAuth>;
  const { conversationId } = await params;
  const [thread, { links }] = await Promise.all([
    getConversationOnServer(conversationId),
    getRequestServerConfig(),
  ]);
  if (thread === 'not-found') notFound();
  return (
    <RequireAuth>
      <Container maxWidth="md" spacing="page" className={styles.page}>
        {thread ? (
          <>
            <h1>{conversationTitle(thread.petName)}</h1>
            <p>
              <TextLink href="/messages">All messages</TextLink>
            </p>
            <ConversationThread messages={thread.messages} />
            {thread.status === 'closed' && (
              <p>The practice closed this conversation. Writing again starts a new one.</p>
            )}
            <section aria-labelledby="write-again" className={styles.page}>
              <h2 id="write-again" className={styles.subheading}>
                {thread.status === 'closed' ? 'Write again' : 'Reply'}
              </h2>
              <BeforeWriting
                practice={thread.practice}
                emergencyHref={links.emergencyVets}
                headingLevel={3}
              />
              {thread.practice.answerWithinHours !== null && (
                <MessageComposer target={{ petId: thread.petId, conversationId: thread.id }} />
              )}
            </section>
          </>
        ) : (
          <>
            <h1>Conversation</h1>
            <LoadError
              message="We could not load this conversation."
              retryHref={`/messages/${encodeURIComponent(conversationId)}`}
            />
          </>
        )}
      </Container>
    </RequireAuth>
  );
}
