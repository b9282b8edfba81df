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
  const text = [
    content.greeting,
    '',
    ...content.paragraphs.flatMap((p) => [p, '']),
    ...(content.code ? [`${codeLinePrefix}${content.code}`, ''] : []),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ''] : []),
    signature,
    ...(content.footer ? ['', content.footer] : []),
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
</div></body></html>`;
  return { subject: content.subject, text, html };
}
