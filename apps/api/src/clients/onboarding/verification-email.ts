import { codeValidMinutes, type VerificationMode } from '@vet/contracts/verification';
import { brandedEmail } from '@vet/email/branded-email';
import type { OutgoingEmail } from '@vet/email/outgoing-email';
import type { BudgetSettings } from './budgets.ts';

/** What the onboarding services need of the app's config. */
export interface OnboardingSettings {
  /** The portal's public address without a trailing slash. */
  portalUrl: string;
  brandName: string;
  /** The key of verification-code hashes (VERIFICATION_CODE_PEPPER). */
  codePepper: string;
  /** The budgets of checks and code tries, kept in PostgreSQL (decision 0056). */
  budgets: BudgetSettings;
  /** Checks per client address in 10 minutes (ONBOARDING_CHECKS_PER_ADDRESS); unset: rate-limits.ts's. */
  checksPerAddress?: number;
  /** The embedded provider's issuer (none: undefined): a link needs its account to exist still. */
  embeddedIssuer?: string | undefined;
}

export interface VerificationEmailContent {
  to: string;
  firstName: string;
  code: string;
  clientId: number;
  mode: VerificationMode;
}

/** R4.17: the link the e-mail carries: `/verified?code=&clientId=&mode=`. */
export function verificationLink(
  portalUrl: string,
  content: Pick<VerificationEmailContent, 'code' | 'clientId' | 'mode'>,
) {
  const query = new URLSearchParams({
    code: content.code,
    clientId: String(content.clientId),
    mode: content.mode,
  });
  return `${portalUrl}/verified?${query.toString()}`;
}

/** The code e-mail, to the address on file of the client record being linked. */
export function verificationEmail(
  settings: OnboardingSettings,
  content: VerificationEmailContent,
): OutgoingEmail {
  const email = brandedEmail({
    brandName: settings.brandName,
    subject: `Your ${settings.brandName} verification code`,
    greeting: `Hello ${content.firstName},`,
    paragraphs: [
      `Use this code to link your ${settings.brandName} Client Portal account to your client record. ` +
        `It works once, within ${codeValidMinutes} minutes.`,
    ],
    code: content.code,
    action: { label: 'Verify my account', url: verificationLink(settings.portalUrl, content) },
    footer:
      'You received this e-mail because someone asked to link a portal account to your client record. ' +
      'If it was not you, ignore it: nothing changes unless the code is used.',
    sender: { portalUrl: settings.portalUrl },
  });
  return { to: content.to, ...email };
}
