interface StoredCookie {
  name: string;
  value: string;
  path: string;
}

/** Just enough of a browser's cookie store for one origin: names, paths, deletion. */
export class CookieJar {
  private cookies: StoredCookie[] = [];

  store(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = header.split(';').map((part) => part.trim());
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator);
      const value = pair.slice(separator + 1);
      const attribute = (key: string) =>
        attributes.find((a) => a.toLowerCase().startsWith(`${key}=`))?.slice(key.length + 1);
      const path = attribute('path') ?? '/';
      const expires = attribute('expires');
      const removed =
        attribute('max-age') === '0' || (expires !== undefined && Date.parse(expires) <= Date.now());
      this.cookies = this.cookies.filter((c) => !(c.name === name && c.path === path));
      if (!removed && value) this.cookies.push({ name, value, path });
    }
  }

  headerFor(url: URL): string {
    return this.cookies
      .filter(
        (c) =>
          url.pathname === c.path || url.pathname.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`),
      )
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
  }
}
