import { ownershipSentence } from '@vet/contracts/practice-ownership';

/** What an e-mail says; the layout around it is the same for every e-mail of the portal. */
export interface EmailContent {
  brandName: string;
  subject: string;
  /** The greeting line, e.g. "Hello Olivia," */
  greeting: string;
  /** Plain paragraphs, in order. */
  paragraphs: string[];
  /** A code to show large and copyable (a verification code). */
  code?: string;
  /** One call to action, e.g. a verification link. */
  action?: { label: string; url: string };
  /** A closing line under everything else (why the person got this e-mail). */
  footer?: string;
  /** Who the e-mail comes from: the lines every e-mail should end with (decision 0143). */
  sender?: EmailSender;
}

/**
 * The closing lines the CMA's remedies ask of a vet business (decision 0143): how to complain, and who
 * owns the practice. Facts about the practice only, never about the person the e-mail goes to.
 */
export interface EmailSender {
  /** The portal's public address without a trailing slash; its /complaints page is linked. */
  portalUrl: string;
  /** The practice the e-mail is about, and its owner as the group records it (null: not given). */
  practice?: { name: string; ownerName: string | null };
}

/** The complaints link's words, the same in both parts. */
export const complaintsLinkLabel = 'How to complain, and the free independent mediation service';

function senderLines(sender: EmailSender): { ownership: string | null; complaintsUrl: string } {
  const practice = sender.practice;
  return {
    ownership: practice?.ownerName ? ownershipSentence(practice.name, practice.ownerName) : null,
    complaintsUrl: `${sender.portalUrl}/complaints`,
  };
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** The text part's line that carries the code; the development mailbox finds codes by it. */
const codeLinePrefix = 'Your code: ';

/** The code a branded e-mail's text part carries, or null (for the development mailbox, R4.26). */
export function codeInText(text: string): string | null {
  const line = text.split('\n').find((candidate) => candidate.startsWith(codeLinePrefix));
  return line ? line.slice(codeLinePrefix.length).trim() || null : null;
}

/** Both parts of a branded e-mail: plain text, and simple HTML that reads well without images. */
export function brandedEmail(content: EmailContent): { subject: string; text: string; html: string } {
  const signature = `${content.brandName} Client Portal`;
  const sender = content.sender && senderLines(content.sender);
  const text = [
    content.greeting,
    '',
    ...content.paragraphs.flatMap((p) => [p, '']),
    ...(content.code ? [`${codeLinePrefix}${content.code}`, ''] : []),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ''] : []),
    signature,
    ...(content.footer ? ['', content.footer] : []),
    ...(sender?.ownership ? ['', sender.ownership] : []),
    ...(sender ? ['', `${complaintsLinkLabel}: ${sender.complaintsUrl}`] : []),
  ].join('\n');
  const html = `<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><title>${escapeHtml(content.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f8f8f8;font-family:Arial,Helvetica,sans-serif;color:#1a1a1a">
<div style="max-width:560px;margin:0 auto;background:#ffffff;padding:24px;border-radius:8px">
<p style="font-size:18px;font-weight:bold;margin:0 0 16px">${escapeHtml(signature)}</p>
<p>${escapeHtml(content.greeting)}</p>
${content.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${content.code ? `<p style="font-size:28px;letter-spacing:6px;font-weight:bold">${escapeHtml(content.code)}</p>` : ''}
${
  content.action
    ? `<p><a href="${escapeHtml(content.action.url)}" style="display:inline-block;background:#c8102e;color:#ffffff;padding:12px 20px;border-radius:4px;text-decoration:none">${escapeHtml(content.action.label)}</a></p>`
    : ''
}
${content.footer ? `<p style="font-size:13px;color:#555">${escapeHtml(content.footer)}</p>` : ''}
${sender ? senderHtml(sender) : ''}
</div></body></html>`;
  return { subject: content.subject, text, html };
}

/** The closing lines in HTML: #555 on white is 7.5:1, and the link is underlined, not told by colour. */
function senderHtml(sender: ReturnType<typeof senderLines>): string {
  return [
    ...(sender.ownership ? [`<p style="font-size:13px;color:#555">${escapeHtml(sender.ownership)}</p>`] : []),
    `<p style="font-size:13px;color:#555"><a href="${escapeHtml(sender.complaintsUrl)}" style="color:#1a1a1a;text-decoration:underline">${escapeHtml(complaintsLinkLabel)}</a></p>`,
  ].join('\n');
}
