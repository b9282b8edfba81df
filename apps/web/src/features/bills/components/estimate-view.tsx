'use client';

import type { EstimateDetail } from '@vet/contracts/bills';
import { formatPounds } from '@vet/contracts/money';
import { useId } from 'react';
import { AppAlert } from '@/shared/components/app-alert';
import { LoadError } from '@/shared/components/load-error';
import { LoadingSpinner } from '@/shared/components/loading-spinner';
import { StatusChip } from '@/shared/components/status-chip';
import { formatLongDate } from '@/shared/dates/appointment-time';
import card from '@/shared/ui/card.module.css';
import { Container } from '@/shared/ui/container';
import { TextLink } from '@/shared/ui/text-link';
import { billTitle, estimateStateLabel } from '@/features/bills/bill-text';
import { useEstimate } from '@/features/bills/api/estimate';
import { agreedRevisionText, revisedText } from '@/features/bills/estimate-answer-text';
import { BillFacts } from './bill-facts';
import { BillLinesTable, billTotals } from './bill-lines-table';
import { EstimateAnswer } from './estimate-answer';
import styles from './estimate-view.module.css';

function answerWords(estimate: EstimateDetail): string | null {
  if (estimate.answer === null || estimate.answeredAt === null) return null;
  const on = formatLongDate(estimate.answeredAt.slice(0, 10));
  return estimate.answer === 'accepted'
    ? `You accepted this estimate on ${on}.`
    : `You declined this estimate on ${on}.`;
}

/** What the answer's section says of an estimate with no answer given in the portal to show. */
const closedWords: Partial<Record<EstimateDetail['state'], string>> = {
  accepted: 'Your practice has recorded this estimate as accepted.',
  declined: 'Your practice has recorded this estimate as declined.',
  superseded: 'A newer estimate replaces this one.',
};

function EstimateContent({ estimate }: { estimate: EstimateDetail }) {
  const answerHeading = useId();
  const termsHeading = useId();
  const revised = revisedText(estimate);
  const agreed = agreedRevisionText(estimate);
  const answered = answerWords(estimate);
  return (
    <>
      <div className={card.headingRow}>
        <h1>{billTitle('estimate', estimate.title)}</h1>
        <StatusChip label={estimateStateLabel(estimate.state)} variant="outlined" />
      </div>
      <p className={styles.total}>
        Estimated total {formatPounds(estimate.totalPence)} including VAT
        {revised && <span className={styles.revised}> · {revised}</span>}
      </p>
      {agreed && <AppAlert severity="info">{agreed}</AppAlert>}
      {estimate.state === 'superseded' && (
        <AppAlert severity="info">
          {estimate.practice.name} has replaced this estimate with a newer one: see{' '}
          <TextLink href="/bills">your bills and estimates</TextLink>.
        </AppAlert>
      )}
      <BillFacts
        facts={[
          ['Date', formatLongDate(estimate.issuedOn)],
          ['Valid until', estimate.expiresOn && formatLongDate(estimate.expiresOn)],
          ['Practice', estimate.practice.name],
          ['Vet', estimate.clinicianName],
          ['Pets', estimate.petNames.join(', ')],
        ]}
      />
      <BillLinesTable
        caption="What the treatment will cost"
        lines={estimate.lines}
        totals={billTotals(estimate.totalPence, estimate.vatPence)}
      />
      {estimate.terms && (
        <section aria-labelledby={termsHeading} className={styles.section}>
          <h2 id={termsHeading}>The practice’s terms</h2>
          <p className={styles.terms}>{estimate.terms}</p>
        </section>
      )}
      <section aria-labelledby={answerHeading} className={styles.section}>
        <h2 id={answerHeading}>Your answer</h2>
        {estimate.state === 'needsAnswer' && (
          <p>
            Read the lines and the terms, then tell {estimate.practice.name} whether to go ahead.
            {estimate.expiresOn && ` You can answer until ${formatLongDate(estimate.expiresOn)}.`}
          </p>
        )}
        {answered && <p>{answered}</p>}
        {!answered && closedWords[estimate.state] && <p>{closedWords[estimate.state]}</p>}
        {estimate.state === 'expired' && (
          <AppAlert severity="warning">
            This estimate has expired, so it can no longer be accepted. Contact {estimate.practice.name}
            {estimate.practice.phone && <> on {estimate.practice.phone}</>} if you would like to go ahead or
            to have a new estimate.
          </AppAlert>
        )}
        {estimate.declineReason && <p>Your reason: {estimate.declineReason}</p>}
        <EstimateAnswer estimate={estimate} />
      </section>
    </>
  );
}

/** /bills/estimates/{id}: the estimate, its lines, totals and terms, and the owner's answer. */
export function EstimateView({ estimateId }: { estimateId: number }) {
  const estimate = useEstimate(estimateId);
  return (
    <Container maxWidth="md" spacing="page">
      {estimate.data ? (
        <EstimateContent estimate={estimate.data} />
      ) : estimate.isError ? (
        <>
          <h1>Estimate</h1>
          <LoadError message="We could not load this estimate." onRetry={() => void estimate.refetch()} />
        </>
      ) : (
        <LoadingSpinner label="Loading the estimate" />
      )}
    </Container>
  );
}
