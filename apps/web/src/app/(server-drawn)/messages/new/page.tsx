import type { Metadata } from 'next';
import { getRequestServerConfig } from '@/config/request-config';
import { RequireAuth } from '@/features/auth/components/require-auth';
import { serverSession } from '@/features/auth/server/server-session';
import { getConversationsOnServer } from '@/features/messages/api/messages-on-server';
import { BeforeWriting } from '@/features/messages/components/before-writing';
import { MessageComposer } from '@/features/messages/components/message-composer';
import styles from '@/features/messages/components/messages.module.css';
import { serialIdOf } from '@/features/messages/message-text';
import { getPetsOnServer } from '@/features/pets/api/get-pets-on-server';
import { LoadError } from '@/shared/components/load-error';
import { firstValue, pageMetadata, type PageSearchParams } from '@/shared/page-metadata';
import { Container } from '@/shared/ui/container';

export const generateMetadata = (): Promise<Metadata> => pageMetadata('Write to the practice');

/**
 * Write to the practice (/messages/new?petId, issue 66): about one of the client's pets (preselected from
 * a pet's page) or the account. The call advice comes first, always; a practice that takes no messages
 * online gets only that.
 */
export default async function NewMessagePage({ searchParams }: PageSearchParams) {
  if (!(await serverSession())) return <RequireAuth>{null}</RequireAuth>;
  const wanted = serialIdOf(firstValue((await searchParams).petId));
  const [list, pets, { links }] = await Promise.all([
    getConversationsOnServer(),
    getPetsOnServer(),
    getRequestServerConfig(),
  ]);
  // Only pets still with the owner can be written about (the API refuses the others).
  const choose = (pets ?? [])
    .filter((pet) => pet.status === 'Active')
    .map(({ petId, name }) => ({ petId, name }));
  const initialPetId = choose.some((pet) => pet.petId === wanted) ? wanted : (choose[0]?.petId ?? null);
  return (
    <RequireAuth>
      <Container maxWidth="md" spacing="page" className={styles.page}>
        <h1>Write to the practice</h1>
        {list ? (
          <>
            <BeforeWriting practice={list.practice} emergencyHref={links.emergencyVets} />
            {list.practice.answerWithinHours !== null && (
              <MessageComposer target={{ choose, initialPetId }} />
            )}
          </>
        ) : (
          <LoadError message="We could not load the practice’s details." retryHref="/messages/new" />
        )}
      </Container>
    </RequireAuth>
  );
}
