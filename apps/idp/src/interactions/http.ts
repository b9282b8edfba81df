import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Page } from '../views/layout.ts';
import { invalidFormPage, type BrandView } from '../views/message-pages.ts';

/** The interaction forms are a few short fields; anything bigger is not one of ours. */
const MAX_FORM_BYTES = 16 * 1024;

export class FormTooLarge extends Error {
  override name = 'FormTooLarge';
}

/** Reads an application/x-www-form-urlencoded body. */
export async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_FORM_BYTES) throw new FormTooLarge('form too large');
    chunks.push(chunk);
  }
  const type = req.headers['content-type'] ?? '';
  if (!type.startsWith('application/x-www-form-urlencoded')) return new URLSearchParams();
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/**
 * A posted form, read and its CSRF token checked, or undefined once it is refused and answered: 413 for a
 * body too large, the "form has expired" page for a token that does not check. Every form's way in (the
 * interactions, the password pages, the account pages).
 */
export async function readPostedForm(
  req: IncomingMessage,
  res: ServerResponse,
  brand: BrandView,
  isValidCsrf: (token: string | null) => boolean,
): Promise<URLSearchParams | undefined> {
  let form: URLSearchParams;
  try {
    form = await readForm(req);
  } catch (error) {
    if (error instanceof FormTooLarge) {
      sendText(res, 413, 'Payload Too Large');
      return undefined;
    }
    throw error;
  }
  if (!isValidCsrf(form.get('csrf'))) {
    sendPage(res, invalidFormPage(brand));
    return undefined;
  }
  return form;
}

export function sendPage(res: ServerResponse, page: Page): void {
  res.writeHead(page.status, page.headers);
  res.end(page.html);
}

export function sendText(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(text);
}
