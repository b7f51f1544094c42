/**
 * An HTTP client that behaves like a browser for a sign-in round trip: it keeps cookies per host
 * (ports ignored, as browsers do), honours Path and Max-Age=0, and follows redirects one at a time
 * so a test can stop at any hop and look at it.
 */
interface Cookie {
  host: string;
  name: string;
  value: string;
  path: string;
}

export interface Hop {
  url: URL;
  res: Response;
  body: string;
}

export class CookieClient {
  private jar: Cookie[] = [];

  cookie(host: string, name: string): string | undefined {
    return this.jar.find((c) => c.host === host && c.name === name)?.value;
  }

  private store(url: URL, res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attrs] = line.split(';').map((s) => s.trim());
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      const attr = (n: string) => attrs.find((a) => a.toLowerCase().startsWith(`${n}=`))?.slice(n.length + 1);
      const path = attr('path') ?? '/';
      this.jar = this.jar.filter((c) => !(c.host === url.hostname && c.name === name && c.path === path));
      if (attr('max-age') !== '0' && value !== '') this.jar.push({ host: url.hostname, name, value, path });
    }
  }

  private header(url: URL): string {
    return this.jar
      .filter((c) => c.host === url.hostname && url.pathname.startsWith(c.path))
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
  }

  /** One request, redirects not followed. */
  async request(
    target: string | URL,
    init: { method?: string; form?: Record<string, string> } = {},
  ): Promise<Hop> {
    const url = new URL(target);
    const headers: Record<string, string> = { cookie: this.header(url) };
    if (init.form) headers['content-type'] = 'application/x-www-form-urlencoded';
    const res = await fetch(url, {
      method: init.method ?? (init.form ? 'POST' : 'GET'),
      headers,
      body: init.form ? new URLSearchParams(init.form).toString() : undefined,
      redirect: 'manual',
    });
    this.store(url, res);
    return { url, res, body: await res.text() };
  }

  /**
   * Follows redirects from `first` until an answer that is not one, or until `stopBefore` says the
   * next address should not be requested (returned unrequested as `next`).
   */
  async follow(
    first: Hop,
    stopBefore: (next: URL) => boolean = () => false,
  ): Promise<{ last: Hop; next?: URL }> {
    let hop = first;
    for (let i = 0; i < 20; i++) {
      const location = hop.res.headers.get('location');
      if (hop.res.status < 300 || hop.res.status >= 400 || !location) return { last: hop };
      const next = new URL(location, hop.url);
      if (stopBefore(next)) return { last: hop, next };
      hop = await this.request(next);
    }
    throw new Error('too many redirects');
  }
}
