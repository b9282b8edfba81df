import type { PrescriptionRequest } from '@vet/contracts/prescription-requests';
import { formatPounds } from '@vet/contracts/money';
import { prescriptionStatusLabels } from '@vet/contracts/prescription-rules';
import { StatusChip } from '@/shared/components/status-chip';
import { formatAppointmentTime } from '@/shared/dates/appointment-time';
import { TextLink } from '@/shared/ui/text-link';
import card from '@/shared/ui/card.module.css';
import surface from '@/shared/ui/surface.module.css';
import typography from '@/shared/ui/typography.module.css';
import { cx } from '@/shared/ui/cx';
import { medicineName } from './prescription-text';
import styles from './prescription-requests-list.module.css';

function supplyText(request: PrescriptionRequest): string {
  if (request.supply === 'collect') return 'To collect from the practice';
  return `Written prescription for a pharmacy · fee ${formatPounds(request.feePence)}`;
}

function RequestCard({ request }: { request: PrescriptionRequest }) {
  const headingId = `prescription-request-${request.requestId}`;
  return (
    <li className={cx(surface.outlined, card.padded)} aria-labelledby={headingId}>
      <div className={card.headingRow}>
        <h2 id={headingId} className={styles.title}>
          {request.petName}
        </h2>
        <StatusChip label={prescriptionStatusLabels[request.status]} variant="outlined" />
      </div>
      <p className={typography.secondary}>Requested {formatAppointmentTime(request.requestedAt)}</p>
      <ul className={styles.items}>
        {request.items.map((item) => (
          <li key={`${item.medicine}-${item.strength ?? ''}`}>
            {medicineName(item)}: {item.quantity} × {item.unit}
          </li>
        ))}
      </ul>
      <p>{supplyText(request)}</p>
      {request.answerMessage && <p>Your practice says: {request.answerMessage}</p>}
      {request.status === 'ReviewNeeded' && (
        <p>
          Your vet would like to see {request.petName} first.{' '}
          <TextLink href={`/appointments/book?petId=${request.petId}`}>Book a review</TextLink>
        </p>
      )}
    </li>
  );
}

/** Decision 0111: the client's repeat prescription requests and where each stands, newest first. */
export function PrescriptionRequestsList({ requests }: { requests: readonly PrescriptionRequest[] }) {
  if (requests.length === 0)
    return <p className={styles.empty}>You have not asked for a repeat prescription yet.</p>;
  return (
    <ul className={styles.list}>
      {requests.map((request) => (
        <RequestCard key={request.requestId} request={request} />
      ))}
    </ul>
  );
}
