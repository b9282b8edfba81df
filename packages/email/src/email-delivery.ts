import nodemailer from 'nodemailer';
import type { OutboxEmail } from './outbox-repository.ts';

/** Where the worker hands an e-mail: an SMTP server, or the development mailbox (kept in the outbox). */
export interface EmailDelivery {
  kind: 'smtp' | 'mailbox';
  /** Resolves once the server has accepted the message; throws otherwise (the queue retries). */
  deliver: (email: OutboxEmail) => Promise<void>;
  close: () => void;
}

/**
 * With no SMTP server configured, "delivering" keeps the e-mail in the outbox, marked sent, where the
 * development mailbox page shows it. The API refuses this in production (config.ts).
 */
export const mailboxDelivery: EmailDelivery = {
  kind: 'mailbox',
  deliver: () => Promise.resolve(),
  close: () => undefined,
};

/** The From of the portal's e-mails unless MAIL_FROM says otherwise. */
export const defaultMailFrom = '"Harbour Vets Client Portal" <no-reply@harbourvets.example>';

export interface SmtpDeliveryOptions {
  /** smtp:// (STARTTLS when the server offers it) or smtps:// (TLS from the start), credentials optional. */
  smtpUrl: string;
  /** The From header, e.g. `"Harbour Vets Client Portal" <no-reply@harbourvets.example>`. */
  from: string;
  /** Milliseconds to wait for the server at each step; a dead server fails the attempt, not the worker. */
  timeoutMs?: number;
  /**
   * Keep up to this many connections open and send message after message on them (nodemailer's pool),
   * rather than a connection a message; give the worker's concurrency.
   */
  pooled?: number;
}

/** The domain of the From address, for Message-IDs; `client-portal.invalid` if it has none. */
function domainOf(from: string): string {
  return /@([A-Za-z0-9.-]+)>?\s*$/.exec(from)?.[1] ?? 'client-portal.invalid';
}

function transportOptions(smtpUrl: string, timeoutMs: number) {
  const url = new URL(smtpUrl);
  const secure = url.protocol === 'smtps:';
  return {
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    ...(url.username
      ? { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } }
      : {}),
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs * 3,
  };
}

/** The iTIP method of an invitation's attachment (`text/calendar; method=REQUEST`), if it is one. */
function calendarMethod(contentType: string): string | undefined {
  return /^text\/calendar\b.*;\s*method=([A-Za-z-]+)/i.exec(contentType)?.[1]?.toUpperCase();
}

/**
 * The message's attachments, an invitation's calendar part apart (decision 0082): nodemailer's
 * `icalEvent` sends it as a `text/calendar; method=…` alternative beside the text and HTML (what
 * Outlook, Gmail and Apple Mail act on) and again as an .ics file.
 */
function messageParts(attachments: OutboxEmail['attachments']) {
  const invitation = attachments.find((attachment) => calendarMethod(attachment.contentType));
  return {
    attachments: attachments
      .filter((attachment) => attachment !== invitation)
      .map(({ filename, contentType, content }) => ({ filename, contentType, content })),
    ...(invitation
      ? {
          icalEvent: {
            method: calendarMethod(invitation.contentType),
            filename: invitation.filename,
            content: invitation.content,
          },
        }
      : {}),
  };
}

export function smtpDelivery({
  smtpUrl,
  from,
  timeoutMs = 10_000,
  pooled,
}: SmtpDeliveryOptions): EmailDelivery {
  const transport = nodemailer.createTransport({
    ...transportOptions(smtpUrl, timeoutMs),
    ...(pooled ? { pool: true as const, maxConnections: pooled } : {}),
  });
  const domain = domainOf(from);
  return {
    kind: 'smtp',
    deliver: async (email) => {
      await transport.sendMail({
        from,
        to: email.to,
        subject: email.subject,
        text: email.text,
        ...(email.html ? { html: email.html } : {}),
        ...messageParts(email.attachments),
        // The same id on every attempt of one outbox row: should a retry ever repeat a message the server
        // had in fact accepted, mail systems that de-duplicate by Message-ID drop the copy.
        messageId: `<outbox-${email.id}.${email.createdAt.getTime()}@${domain}>`,
      });
    },
    close: () => transport.close(),
  };
}
