/**
 * next-auth's `redirect` callback: where the browser may be sent after signing in or out. Only our own
 * origin: a path (`/pets?x=1`) or an absolute URL on the portal's origin. Anything else, including
 * protocol-relative `//elsewhere.example`, `/\elsewhere.example` (browsers read the backslash as a
 * slash), other schemes and control characters, falls back to the portal's home page, so a crafted
 * `callbackUrl` can never turn the portal into an open redirect.
 */
export function safeCallbackUrl(url: string, baseUrl: string): string {
  const base = new URL(baseUrl);
  const home = `${base.origin}/`;
  // Backslashes and control characters have no place in a callback URL, and URL parsers normalise them
  // in surprising ways (`/\t/x` becomes `//x`): refuse them outright.
  if (typeof url !== 'string' || url === '' || hasBackslashOrControlCharacter(url)) return home;
  let target: URL;
  try {
    if (url.startsWith('/')) {
      if (url.startsWith('//')) return home;
      target = new URL(url, base.origin);
    } else {
      target = new URL(url);
    }
  } catch {
    return home;
  }
  if (target.origin !== base.origin) return home;
  return `${target.origin}${target.pathname}${target.search}${target.hash}`;
}

function hasBackslashOrControlCharacter(value: string): boolean {
  for (const character of value) {
    const code = character.charCodeAt(0);
    if (character === '\\' || code < 0x20 || code === 0x7f) return true;
  }
  return false;
}
