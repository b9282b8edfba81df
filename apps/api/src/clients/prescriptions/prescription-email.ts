import { formatPounds } from '@vet/contracts/money';
import {
  prescriptionStatusLabels,
  type PrescriptionAnswer,
  type SupplyMethod,
} from '@vet/contracts/prescription-rules';
import { brandedEmail } from '@vet/email/branded-email';
import type { OutgoingEmail } from '@vet/email/outgoing-email';

/** What the answer's e-mail needs of the app's config. */
export interface PrescriptionEmailSettings {
  /** The portal's public address without a trailing slash. */
  portalUrl: string;
  brandName: string;
}

export interface AnsweredRequest {
  to: string;
  firstName: string;
  petName: string;
  practiceName: string;
  practicePhone: string;
  /** Who owns the practice, for the e-mail's closing lines (decision 0143); null when not given. */
  practiceOwnerName: string | null;
  status: PrescriptionAnswer;
  message: string | null;
  supply: SupplyMethod;
  feePence: number;
  medicines: readonly string[];
}

/** What each answer asks of the client, after its label. */
function nextStep(request: AnsweredRequest): string {
  switch (request.status) {
    case 'Approved':
      return 'Your practice has approved it and will tell you when it is ready.';
    case 'ReadyToCollect':
      return `It is ready to collect from ${request.practiceName}.`;
    case 'PrescriptionIssued':
      return (
        `Your written prescription is ready at ${request.practiceName}: take it to the pharmacy of your choice.` +
        (request.feePence > 0 ? ` The fee is ${formatPounds(request.feePence)}.` : '')
      );
    case 'Declined':
      return 'Your practice has declined it.';
    case 'ReviewNeeded':
      return `Your vet would like to see ${request.petName} before prescribing again: please book a review.`;
  }
}

/** Decision 0111: the practice's answer to a repeat prescription request, to the client's address. */
export function prescriptionAnswerEmail(
  settings: PrescriptionEmailSettings,
  request: AnsweredRequest,
): OutgoingEmail {
  const label = prescriptionStatusLabels[request.status];
  const reviewNeeded = request.status === 'ReviewNeeded';
  const email = brandedEmail({
    brandName: settings.brandName,
    subject: `Repeat prescription for ${request.petName}: ${label}`,
    greeting: `Hello ${request.firstName},`,
    paragraphs: [
      `Your repeat prescription request for ${request.petName} (${request.medicines.join(', ')}): ${label}.`,
      nextStep(request),
      ...(request.message ? [`Your practice says: ${request.message}`] : []),
      `Questions? Call ${request.practiceName} on ${request.practicePhone}.`,
    ],
    action: reviewNeeded
      ? { label: 'Book a review', url: `${settings.portalUrl}/appointments/book` }
      : { label: 'See your requests', url: `${settings.portalUrl}/drug-request` },
    footer: 'You received this e-mail because you asked your practice for a repeat prescription online.',
    sender: {
      portalUrl: settings.portalUrl,
      practice: { name: request.practiceName, ownerName: request.practiceOwnerName },
    },
  });
  return { to: request.to, ...email };
}
