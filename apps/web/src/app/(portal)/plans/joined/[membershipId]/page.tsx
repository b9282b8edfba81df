import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { RequireAuth } from '@/features/auth/components/require-auth';
import { JoinedStatus } from '@/features/plans/components/joined-status';
import { pageMetadata } from '@/shared/page-metadata';
import { Container } from '@/shared/ui/container';
import typography from '@/shared/ui/typography.module.css';
import { serialIdOf } from '@/features/plans/plan-text';

export const generateMetadata = (): Promise<Metadata> => pageMetadata('Your health plan');

/**
 * The return from the Direct Debit provider's hosted page (/plans/joined/{membershipId}, issue 65): it
 * confirms the membership at the API and says where it stands.
 */
export default async function JoinedPage({ params }: { params: Promise<{ membershipId: string }> }) {
  const membershipId = serialIdOf((await params).membershipId);
  if (membershipId === null) notFound();
  return (
    <RequireAuth>
      <Container maxWidth="md" spacing="page">
        <h1 className={typography.gutterBottom}>Your health plan</h1>
        <JoinedStatus membershipId={membershipId} />
      </Container>
    </RequireAuth>
  );
}
