import type { Metadata } from 'next';
import { getRequestServerConfig } from '@/config/request-config';
import { RequireAuth } from '@/features/auth/components/require-auth';
import { serverSession } from '@/features/auth/server/server-session';
import { getConversationsOnServer } from '@/features/messages/api/messages-on-server';
import { BeforeWriting } from '@/features/messages/components/before-writing';
import { ConversationList } from '@/features/messages/components/conversation-list';
import styles from '@/features/messages/components/messages.module.css';
import { answerTimeWords } from '@/features/messages/message-text';
import { LoadError } from '@/shared/components/load-error';
import { pageMetadata } from '@/shared/page-metadata';
import { Button } from '@/shared/ui/button';
import { Container } from '@/shared/ui/container';

export const generateMetadata = (): Promise<Metadata> => pageMetadata('Messages');

/**
 * Messages with the practice (/messages, issue 66), drawn on the server: how soon the practice answers,
 * the call advice, and the client's conversations newest first.
 */
export default async function MessagesPage() {
  if (!(await serverSession())) return <RequireAuth>{null}</RequireAuth>;
  const [list, { links }] = await Promise.all([getConversationsOnServer(), getRequestServerConfig()]);
  return (
    <RequireAuth>
      <Container maxWidth="md" spacing="page" className={styles.page}>
        <h1>Messages</h1>
        {list ? (
          <>
            {list.practice.answerWithinHours !== null && (
              <p>
                Write to {list.practice.name} about your pet or your account. They answer{' '}
                {answerTimeWords(list.practice.answerWithinHours)}.
              </p>
            )}
            <BeforeWriting practice={list.practice} emergencyHref={links.emergencyVets} />
            {list.practice.answerWithinHours !== null && (
              <div>
                <Button variant="contained" href="/messages/new">
                  Write a message
                </Button>
              </div>
            )}
            <section aria-labelledby="conversations">
              <h2 id="conversations" className={styles.subheading}>
                Your conversations
              </h2>
              <ConversationList conversations={list.conversations} />
            </section>
          </>
        ) : (
          <LoadError message="We could not load your messages." retryHref="/messages" />
        )}
      </Container>
    </RequireAuth>
  );
}
