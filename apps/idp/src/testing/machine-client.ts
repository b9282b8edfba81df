/**
 * Plays a practice system at the token endpoint: the client-credentials grant (RFC 6749 4.4) with HTTP
 * Basic client authentication, as `curl -u id:secret` sends it.
 */
export function requestMachineToken(
  issuer: string,
  credentials: { id: string; secret: string },
  form: Record<string, string>,
): Promise<Response> {
  const basic = Buffer.from(
    `${encodeURIComponent(credentials.id)}:${encodeURIComponent(credentials.secret)}`,
  ).toString('base64');
  return fetch(`${issuer}/oauth/token`, {
    method: 'POST',
    headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form),
  });
}
