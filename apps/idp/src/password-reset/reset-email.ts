import { brandedEmail } from '@vet/email/branded-email';
import type { OutgoingEmail } from '@vet/email/outgoing-email';

/** The e-mail with the reset link, to the account's own address. */
export function passwordResetEmail(input: {
  to: string;
  brandName: string;
  portalUrl: string;
  resetUrl: string;
}): OutgoingEmail {
  const content = brandedEmail({
    brandName: input.brandName,
    subject: `Reset your ${input.brandName} password`,
    greeting: 'Hello,',
    paragraphs: [
      `Someone asked to reset the password of the ${input.brandName} account for this e-mail address.`,
      'Use the link below to choose a new password. It works once, for 1 hour. When you save the new password, you will be signed out everywhere.',
    ],
    action: { label: 'Choose a new password', url: input.resetUrl },
    footer: 'If you did not ask for this, you can ignore this e-mail: your password has not changed.',
    // The complaints page, as every e-mail of the portal ends (decision 0143); no practice is known here.
    sender: { portalUrl: input.portalUrl },
  });
  return { to: input.to, ...content };
}
