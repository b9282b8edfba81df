/**
 * A one-line reason for a failed delivery, built from error codes only. The texts are not safe to keep:
 * an SMTP server's reply quotes the recipient (`550 <olivia@example.com>: no such user`), nodemailer's
 * messages quote the reply, and a failed query's message quotes its parameters. The reason goes to the
 * log, the outbox's last_error and the queue's own last_error.
 */
export function describeFailure(error: unknown): string {
  if (!(error instanceof Error)) return 'a non-Error value was thrown';
  const codes: string[] = [];
  for (let current: unknown = error, depth = 0; current instanceof Error && depth < 3; depth += 1) {
    const { code, responseCode, command } = current as Error & Record<string, unknown>;
    // Codes are short upper-case tokens (ECONNECTION, ESOCKET, EENVELOPE) or SQLSTATEs (40001).
    if (typeof code === 'string' && /^[A-Z0-9_]{1,32}$/.test(code)) codes.push(code);
    if (typeof responseCode === 'number') codes.push(`SMTP ${responseCode}`);
    if (typeof command === 'string' && /^[A-Z][A-Z ]{0,15}$/.test(command)) codes.push(`at ${command}`);
    current = current.cause;
  }
  const name = /^[A-Za-z]{1,40}$/.test(error.name) ? error.name : 'Error';
  return codes.length > 0 ? `${name} (${[...new Set(codes)].join(', ')})` : name;
}
