/**
 * THE TESTS' OWN reader of a raw MIME message (RFC 2045/2046), apart from the nodemailer that writes it:
 * every leaf part with its headers (unfolded, names lower-cased) and its body decoded from base64,
 * quoted-printable or 7bit, and the chain of multipart types it sits in.
 */
export interface MimeLeaf {
  headers: Record<string, string>;
  /** The multipart/* types around the part, outermost first. */
  parents: string[];
  body: string;
}

function splitHead(raw: string): { headers: Record<string, string>; body: string } {
  const at = raw.indexOf('\r\n\r\n');
  const head = at === -1 ? raw : raw.slice(0, at);
  const body = at === -1 ? '' : raw.slice(at + 4);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function decode(body: string, encoding: string | undefined): string {
  switch ((encoding ?? '7bit').toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    case 'quoted-printable': {
      const bytes = body
        .replace(/=\r\n/g, '')
        .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      return Buffer.from(bytes, 'latin1').toString('utf8');
    }
    default:
      return body;
  }
}

/** Every leaf part of the message, depth first. */
export function mimeLeaves(raw: string, parents: string[] = []): MimeLeaf[] {
  const { headers, body } = splitHead(raw);
  const type = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    const kind = type.split(';')[0]!.trim().toLowerCase();
    const sections = body.split(`--${boundary}`).slice(1);
    return sections
      .filter((section) => !section.startsWith('--'))
      .flatMap((section) =>
        mimeLeaves(section.replace(/^\r\n/, '').replace(/\r\n$/, ''), [...parents, kind]),
      );
  }
  return [{ headers, parents, body: decode(body, headers['content-transfer-encoding']) }];
}
