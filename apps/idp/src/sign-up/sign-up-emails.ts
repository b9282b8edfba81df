import { brandedEmail } from '@vet/email/branded-email';
import type { OutgoingEmail } from '@vet/email/outgoing-email';

/** To an address with no account yet: the code that proves it and finishes the sign-up. */
export function signUpCodeEmail(input: {
  to: string;
  brandName: string;
  code: string;
  portalUrl: string;
}): OutgoingEmail {
  const content = brandedEmail({
    brandName: input.brandName,
    subject: `Your ${input.brandName} sign-up code`,
    greeting: 'Hello,',
    paragraphs: [
      `Someone asked to create a ${input.brandName} account with this e-mail address.`,
      'Enter this code on the sign-up page to confirm the address and finish creating the account. It works once, for 15 minutes.',
    ],
    code: input.code,
    footer:
      'If you did not ask for this, you can ignore this e-mail: no account is created without the code.',
    // The complaints page, as every e-mail of the portal ends (decision 0143); no practice is known here.
    sender: { portalUrl: input.portalUrl },
  });
  return { to: input.to, ...content };
}

/**
 * To an address that already has an account, instead of a code: the sign-up page looked the same to
 * whoever typed the address in, and only the owner of the address learns that the account exists.
 */
export function alreadyRegisteredEmail(input: {
  to: string;
  brandName: string;
  portalUrl: string;
  signInUrl: string;
}): OutgoingEmail {
  const content = brandedEmail({
    brandName: input.brandName,
    subject: `Someone tried to create a ${input.brandName} account with your address`,
    greeting: 'Hello,',
    paragraphs: [
      `Someone tried to create a new ${input.brandName} account with this e-mail address, but there already is an account for it.`,
      'If it was you, sign in instead. If you have forgotten your password, choose "Forgot your password?" on the sign-in page to reset it.',
    ],
    action: { label: 'Sign in', url: input.signInUrl },
    footer: 'If it was not you, you can ignore this e-mail: your account has not changed.',
    // The complaints page, as every e-mail of the portal ends (decision 0143); no practice is known here.
    sender: { portalUrl: input.portalUrl },
  });
  return { to: input.to, ...content };
}
