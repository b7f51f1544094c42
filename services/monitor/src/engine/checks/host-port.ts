/** A host and port taken from a monitor's `url`. */
export interface HostPort {
  host: string;
  port: number;
}

/**
 * Reads `host:port`, `[v6]:port`, or a URL of one of `schemes` (`tcp://host:port`, `https://host/path`).
 * Without a port, `defaultPort` applies, or the text is rejected. Returns an error sentence on failure.
 */
export function parseHostPort(text: string, schemes: string[], defaultPort?: number): HostPort | string {
  const raw = text.trim();
  const hasScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(raw);
  let url: URL;
  try {
    url = new URL(hasScheme ? raw : `placeholder://${raw}`);
  } catch {
    return `invalid target "${text}": expected host:port`;
  }
  const scheme = url.protocol.slice(0, -1);
  if (hasScheme && !schemes.includes(scheme)) {
    return `unsupported scheme "${scheme}://" in "${text}": expected ${schemes.map((s) => `${s}://`).join(' or ')}`;
  }
  if (!hasScheme && (url.pathname !== '' || url.search !== '' || url.username !== '')) {
    return `invalid target "${text}": expected host:port`;
  }
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  if (host === '') return `invalid target "${text}": the host is missing`;
  // The WHATWG parser drops a scheme's default port (443 for https), so fall back to it explicitly.
  const port = url.port !== '' ? Number(url.port) : scheme === 'https' ? 443 : defaultPort;
  if (port === undefined) return `invalid target "${text}": the port is missing (host:port)`;
  if (port < 1 || port > 65535) return `invalid target "${text}": port must be 1 to 65535`;
  return { host, port };
}
