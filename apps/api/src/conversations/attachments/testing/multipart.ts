/**
 * A multipart/form-data body of one file, as a browser's FormData sends it (RFC 7578), for `inject` and
 * for the benchmark's fetch.
 */
export function multipartBody(
  bytes: Buffer,
  options: { fileName?: string; contentType?: string; field?: string } = {},
) {
  const { fileName = 'IMG_0001.JPG', contentType = 'image/jpeg', field = 'file' } = options;
  const boundary = `----portal-test-${crypto.randomUUID()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\n` +
      `Content-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, bytes, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
