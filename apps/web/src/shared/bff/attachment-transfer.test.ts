import { maxVideoUploadBytes } from '@vet/contracts/message-rules';
import { describe, expect, it } from 'vitest';
import { isAttachmentTransfer, maxAttachmentRequestBytes } from './attachment-transfer';
import { maxRequestBodyBytes, proxyToApi } from './proxy';

const apiUrl = 'http://api.internal:4000';
const portalUrl = 'http://localhost:3000';

/** An API stand-in that reads a streamed body as the API would, counting its bytes. */
function streamingApi(respond: (received: number) => Response) {
  const seen: { url: string; received: number; streamed: boolean; headers: Headers }[] = [];
  const fetchFn = async (input: string | URL, init?: RequestInit) => {
    const body = init?.body;
    let received = 0;
    const streamed = body instanceof ReadableStream;
    if (streamed) {
      const reader = (body as ReadableStream<Uint8Array>).getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        received += value.byteLength;
      }
    } else if (body instanceof ArrayBuffer) received = body.byteLength;
    seen.push({ url: String(input), received, streamed, headers: new Headers(init?.headers) });
    return respond(received);
  };
  return { fetch: fetchFn as typeof fetch, seen };
}

const options = (api: ReturnType<typeof streamingApi>) => ({
  apiUrl,
  portalUrl,
  fetch: api.fetch,
  log: () => undefined,
  attachAccessToken: (_request: Request, headers: Headers) => {
    headers.set('authorization', 'Bearer the-session');
    return Promise.resolve(headers);
  },
});

/** A body of `size` bytes streamed in 1 MB chunks, with no Content-Length (as a chunked upload). */
function streamOf(size: number): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      const next = Math.min(1_048_576, size - sent);
      if (next <= 0) return controller.close();
      sent += next;
      controller.enqueue(new Uint8Array(next));
    },
  });
}

const upload = (size: number, headers: Record<string, string> = { origin: portalUrl }) =>
  new Request(`${portalUrl}/bff/v2/attachments`, {
    method: 'POST',
    headers: { 'content-type': 'multipart/form-data; boundary=x', ...headers },
    body: streamOf(size),
    duplex: 'half',
  } as RequestInit);

describe('the BFF’s attachment transfers (decision 0166)', () => {
  it('knows the two routes and nothing else', () => {
    expect(isAttachmentTransfer('POST', ['v2', 'attachments'])).toBe(true);
    expect(isAttachmentTransfer('GET', ['v2', 'attachments', '12'])).toBe(true);
    expect(isAttachmentTransfer('DELETE', ['v2', 'attachments', '12'])).toBe(false);
    expect(isAttachmentTransfer('POST', ['v2', 'messages'])).toBe(false);
    expect(isAttachmentTransfer('POST', ['v2', 'attachments', '12'])).toBe(false);
  });

  it('streams a 45 MB upload to the API with the session’s bearer and its multipart type', async () => {
    const api = streamingApi((received) => Response.json({ received }, { status: 201 }));
    const response = await proxyToApi(upload(45 * 1_048_576), ['v2', 'attachments'], options(api));
    expect(response.status).toBe(201);
    expect(api.seen[0]).toMatchObject({
      url: `${apiUrl}/v2/attachments`,
      received: 45 * 1_048_576,
      streamed: true,
    });
    expect(api.seen[0]!.headers.get('content-type')).toBe('multipart/form-data; boundary=x');
    expect(api.seen[0]!.headers.get('authorization')).toBe('Bearer the-session');
  });

  it('refuses an upload past the video limit: declared, or counted as it streams', async () => {
    const api = streamingApi(() => new Response(null, { status: 201 }));
    const declared = await proxyToApi(
      upload(10, { origin: portalUrl, 'content-length': String(maxAttachmentRequestBytes + 1) }),
      ['v2', 'attachments'],
      options(api),
    );
    expect(declared.status).toBe(413);
    expect(api.seen).toHaveLength(0);
    const streamed = await proxyToApi(
      upload(maxVideoUploadBytes + 2 * 1_048_576),
      ['v2', 'attachments'],
      options(api),
    );
    expect(streamed.status).toBe(413);
    expect(await streamed.json()).toMatchObject({ statusCode: 413 });
  });

  it('keeps the same-origin rule for uploads, and the JSON limit for every other write', async () => {
    const api = streamingApi(() => new Response(null, { status: 201 }));
    const crossSite = await proxyToApi(
      upload(1_000, { origin: 'https://evil.example' }),
      ['v2', 'attachments'],
      options(api),
    );
    expect(crossSite.status).toBe(403);
    const message = new Request(`${portalUrl}/bff/v2/messages`, {
      method: 'POST',
      headers: { origin: portalUrl, 'content-type': 'application/json' },
      body: streamOf(maxRequestBodyBytes + 1),
      duplex: 'half',
    } as RequestInit);
    expect((await proxyToApi(message, ['v2', 'messages'], options(api))).status).toBe(413);
    expect(api.seen).toHaveLength(0);
  });

  it('streams a file’s bytes back with the headers that make them safe to open', async () => {
    const bytes = new Uint8Array(3 * 1_048_576).fill(7);
    const api = streamingApi(
      () =>
        new Response(streamOf(bytes.length), {
          status: 200,
          headers: {
            'content-type': 'video/mp4',
            'content-length': String(bytes.length),
            'x-content-type-options': 'nosniff',
            'content-disposition': 'inline; filename=clip.mp4',
            'cache-control': 'private, max-age=300',
            'content-security-policy': "default-src 'none'; sandbox",
            'set-cookie': 'api=dropped',
          },
        }),
    );
    const response = await proxyToApi(
      new Request(`${portalUrl}/bff/v2/attachments/12`),
      ['v2', 'attachments', '12'],
      options(api),
    );
    expect(response.status).toBe(200);
    expect(Object.fromEntries(response.headers.entries())).toEqual({
      'content-type': 'video/mp4',
      'content-length': String(bytes.length),
      'x-content-type-options': 'nosniff',
      'content-disposition': 'inline; filename=clip.mp4',
      'cache-control': 'private, max-age=300',
      'content-security-policy': "default-src 'none'; sandbox",
    });
    expect((await response.arrayBuffer()).byteLength).toBe(bytes.length);
  });

  it('passes a video player’s byte range both ways', async () => {
    const api = streamingApi(
      () =>
        new Response(new Uint8Array(100), {
          status: 206,
          headers: {
            'content-type': 'video/mp4',
            'accept-ranges': 'bytes',
            'content-range': 'bytes 0-99/5000',
            'content-length': '100',
          },
        }),
    );
    const response = await proxyToApi(
      new Request(`${portalUrl}/bff/v2/attachments/12`, { headers: { range: 'bytes=0-99' } }),
      ['v2', 'attachments', '12'],
      options(api),
    );
    expect(api.seen[0]!.headers.get('range')).toBe('bytes=0-99');
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe('bytes 0-99/5000');
    expect(response.headers.get('accept-ranges')).toBe('bytes');
  });
});
