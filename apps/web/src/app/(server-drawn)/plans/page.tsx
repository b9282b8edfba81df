import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { practicePlansForPage } from '@/features/plans/api/plans-on-server';
import { PracticePlans } from '@/features/plans/components/practice-plans';
import { onlinePracticesForPage } from '@/features/practices/server/online-practices-for-page';
import { firstValue, pageMetadata, type PageSearchParams } from '@/shared/page-metadata';
import { Container } from '@/shared/ui/container';
import { TextLink } from '@/shared/ui/text-link';
import typography from '@/shared/ui/typography.module.css';

export const generateMetadata = (): Promise<Metadata> => pageMetadata('Health plans');

/**
 * A practice's health plans (/plans?practiceId, issue 65), public, drawn on the server beside the price
 * list that links here; without a practice, the practices to choose from.
 */
export default async function PlansPage({ searchParams }: PageSearchParams) {
  const raw = firstValue((await searchParams).practiceId);
  const practiceId = raw !== null && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
  if (practiceId === null) {
    const practices = await onlinePracticesForPage();
    return (
      <Container maxWidth="lg" spacing="roomy">
        <h1 className={typography.gutterBottom}>Health plans</h1>
        <p>Choose a practice to see its health plans.</p>
        {practices ? (
          <ul>
            {practices.map((practice) => (
              <li key={practice.id}>
                <TextLink href={`/plans?practiceId=${practice.id}`}>{practice.name}</TextLink>
              </li>
            ))}
          </ul>
        ) : (
          <p>The practices could not be shown just now. Please try again later.</p>
        )}
      </Container>
    );
  }
  const plans = await practicePlansForPage(practiceId);
  if (plans === 'not-found') notFound();
  return (
    <Container maxWidth="lg" spacing="roomy">
      <h1 className={typography.gutterBottom}>Health plans{plans ? ` at ${plans.practiceName}` : ''}</h1>
      <p className={typography.gutterBottom}>
        Spread the cost of your pet’s routine care with a monthly or yearly Direct Debit. Prices include VAT.{' '}
        <TextLink href="/practices">See the practice’s prices</TextLink>
      </p>
      <PracticePlans plans={plans} />
    </Container>
  );
}
