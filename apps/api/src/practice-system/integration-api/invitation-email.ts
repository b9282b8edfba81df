import { brandedEmail } from '@vet/email/branded-email';
import type { OutgoingEmail } from '@vet/email/outgoing-email';

/** What the invitation e-mail needs of the app's config. */
export interface InvitationSettings {
  /** The portal's public address without a trailing slash. */
  portalUrl: string;
  brandName: string;
}

export interface InvitationEmailContent {
  to: string;
  firstName: string;
  lastName: string;
  code: string;
  validDays: number;
}

/** R4.18: the link the e-mail carries, `/invite?rc=CODE&ln=LASTNAME`, which the portal's /invite page reads. */
export function invitationLink(
  portalUrl: string,
  content: Pick<InvitationEmailContent, 'code' | 'lastName'>,
) {
  const query = new URLSearchParams({ rc: content.code, ln: content.lastName });
  return `${portalUrl}/invite?${query.toString()}`;
}

/** The practice's invitation to the portal, to the address on the client's record. */
export function invitationEmail(
  settings: InvitationSettings,
  content: InvitationEmailContent,
): OutgoingEmail {
  const portal = `${settings.brandName} Client Portal`;
  const email = brandedEmail({
    brandName: settings.brandName,
    subject: `Your invitation to the ${portal}`,
    greeting: `Hello ${content.firstName},`,
    paragraphs: [
      `Your practice has invited you to the ${portal}, where you can book appointments and keep your ` +
        "pets' details up to date.",
      `Open the link below, then sign in or create an account: the invitation links it to your client ` +
        `record. It works once, within ${content.validDays} days. If you are asked for a code, use this one.`,
    ],
    code: content.code,
    action: { label: 'Accept my invitation', url: invitationLink(settings.portalUrl, content) },
    footer:
      'You received this e-mail because your practice asked us to invite you. If you do not want an online ' +
      'account, ignore it: nothing changes unless the invitation is used.',
    sender: { portalUrl: settings.portalUrl },
  });
  return { to: content.to, ...email };
}
