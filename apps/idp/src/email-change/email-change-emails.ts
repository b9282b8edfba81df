import { brandedEmail } from '@vet/email/branded-email';
import type { OutgoingEmail } from '@vet/email/outgoing-email';

/** To the new address: the code that proves it and finishes the change. */
export function emailChangeCodeEmail(input: {
  to: string;
  brandName: string;
  code: string;
  portalUrl: string;
}): OutgoingEmail {
  const content = brandedEmail({
    brandName: input.brandName,
    subject: `Your ${input.brandName} code to change your e-mail address`,
    greeting: 'Hello,',
    paragraphs: [
      `Someone asked to sign in to their ${input.brandName} account with this e-mail address from now on.`,
      'Enter this code on the page that asked for it to confirm the address and finish the change. It works once, for 15 minutes.',
    ],
    code: input.code,
    footer: 'If you did not ask for this, you can ignore this e-mail: nothing changes without the code.',
    // The complaints page, as every e-mail of the portal ends (decision 0143); no practice is known here.
    sender: { portalUrl: input.portalUrl },
  });
  return { to: input.to, ...content };
}

/**
 * To a new address another account already uses, instead of a code: the page looked the same to whoever
 * asked, and only the owner of the address learns that someone tried.
 */
export function emailInUseEmail(input: { to: string; brandName: string; portalUrl: string }): OutgoingEmail {
  const content = brandedEmail({
    brandName: input.brandName,
    subject: `Someone tried to use your address for another ${input.brandName} account`,
    greeting: 'Hello,',
    paragraphs: [
      `Someone asked to change the e-mail address of another ${input.brandName} account to this one, but this address already belongs to an account, so it was not changed.`,
    ],
    footer: 'You do not need to do anything: your account has not changed.',
    // The complaints page, as every e-mail of the portal ends (decision 0143); no practice is known here.
    sender: { portalUrl: input.portalUrl },
  });
  return { to: input.to, ...content };
}

/** To the old address, once the change is made: so that a change the owner did not make is noticed. */
export function emailChangedNotice(input: {
  to: string;
  brandName: string;
  portalUrl: string;
  newEmail: string;
}): OutgoingEmail {
  const content = brandedEmail({
    brandName: input.brandName,
    subject: `Your ${input.brandName} sign-in e-mail address has changed`,
    greeting: 'Hello,',
    paragraphs: [
      `The e-mail address you sign in to ${input.brandName} with has been changed to ${input.newEmail}. You have been signed out everywhere: sign in again with the new address.`,
      'If you did not make this change, contact your practice straight away: someone else may have your password.',
    ],
    footer: 'This e-mail went to your old address, so that you know about the change.',
    // The complaints page, as every e-mail of the portal ends (decision 0143); no practice is known here.
    sender: { portalUrl: input.portalUrl },
  });
  return { to: input.to, ...content };
}
