import { VendorAnswerUnknown } from './vendor-port.ts';

/**
 * The most of one vendor answer the connections read (decision 0140): the largest page either documents
 * (ezyVet's 200 records, a Provet page of up to 1000) is well under a MiB or two of JSON, so 8 MiB leaves
 * room for a wordy site and still bounds what a wrong or hostile server can make the worker hold.
 */
export const maxAnswerBytes = 8 * 1024 * 1024;

/**
 * An answer's text, read to at most `limit` bytes (after any decompression fetch does): a larger one is
 * given up unread past the limit (a Content-Length over it, before reading at all) and fails as an answer
 * the connection does not know, naming the endpoint only. Node's fetch has no size limit of its own, and
 * undici's `maxResponseSize` would need undici as a dependency and miss the tests' own fetch.
 */
export async function readAnswer(
  response: Response,
  name: string,
  limit: number = maxAnswerBytes,
): Promise<string> {
  const tooLarge = () =>
    new VendorAnswerUnknown(`${name} answered more than ${limit} bytes: the answer was not read`);
  const declared = Number(response.headers.get('content-length') ?? '0');
  if (declared > limit) {
    await response.body?.cancel();
    throw tooLarge();
  }
  if (!response.body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  // Leaving the loop early cancels the stream: the rest is never fetched.
  for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > limit) throw tooLarge();
    chunks.push(chunk);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

/**
 * A 3xx is refused, never followed (fetch's `redirect: 'manual'`, decision 0140): a redirect could take the
 * bearer token or a record to another host, and a practice system's API has no reason to send one.
 */
export async function refuseRedirect(response: Response, name: string): Promise<void> {
  if (response.status < 300 || response.status >= 400) return;
  await response.body?.cancel();
  throw new VendorAnswerUnknown(
    `${name} answered ${response.status}, a redirect the connection does not follow: check base_url`,
  );
}
