import { crossSiteWriteResponse, isSameOriginWrite, readBody } from '@/shared/bff/proxy';
import { logBrowserEntry } from './auth-logger';
import { serverLogLines } from '@/observability/logger';

/** Far more than an entry needs (`level`, `code`, `detail`, `client`); a bigger body is not read. */
const maxBodyBytes = 2048;

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
  sink: Pick<Console, 'error' | 'warn'> = serverLogLines,
): Promise<Response> {
  if (request.method !== 'POST') return new Response(null, { status: 405, headers: { allow: 'POST' } });
  if (!isSameOriginWrite(request, portalUrl)) return crossSiteWriteResponse();
  const body = await readBody(request, maxBodyBytes);
  if (body === 'too-large') return new Response(null, { status: 413 });
  const fields = new URLSearchParams(body === undefined ? '' : new TextDecoder().decode(body));
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
