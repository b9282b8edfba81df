import { crossSiteWriteResponse, isSameOriginWrite } from '@/shared/bff/proxy';
import { logBrowserEntry } from './auth-logger';

/** Far more than an entry needs (`level`, `code`, `detail`, `client`); a bigger body is not read. */
const maxBodyBytes = 2048;

/** The body as text, read no further than the limit (a chunked body has no length to check first). */
async function readSmallBody(request: Request): Promise<string | null> {
  if (Number(request.headers.get('content-length') ?? 0) > maxBodyBytes) return null;
  const reader = request.body?.getReader();
  if (!reader) return '';
  const decoder = new TextDecoder();
  let text = '';
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text + decoder.decode();
    total += value.byteLength;
    if (total > maxBodyBytes) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    text += decoder.decode(value, { stream: true });
  }
}

/**
 * POST /api/auth/_log (R7.11): an entry from the browser's session client (auth-log.ts), form-encoded as
 * next-auth's client logger sends it, written by the sign-in layer's logger as one cleaned line. It is
 * answered here rather than by next-auth, which hands whatever fields a post carries to the logger (the
 * level, the code, any metadata) where anyone could write into the logs. Same-origin posts only (the
 * BFF's Origin / Sec-Fetch-Site rule), so other sites cannot make their visitors' browsers write.
 */
export async function logFromBrowser(
  request: Request,
  portalUrl: string,
  sink: Pick<Console, 'error' | 'warn'> = console,
): Promise<Response> {
  if (request.method !== 'POST') return new Response(null, { status: 405, headers: { allow: 'POST' } });
  if (!isSameOriginWrite(request, portalUrl)) return crossSiteWriteResponse();
  const body = await readSmallBody(request);
  if (body === null) return new Response(null, { status: 413 });
  const fields = new URLSearchParams(body);
  logBrowserEntry(
    {
      level: fields.get('level') ?? 'error',
      code: fields.get('code') ?? '',
      detail: fields.get('detail') ?? '',
    },
    sink,
  );
  // next-auth's answer to a log post.
  return Response.json({}, { headers: { 'cache-control': 'no-store' } });
}
