import { Resolver } from 'node:dns/promises';
import { isIP } from 'node:net';
import type { CheckType } from './check-type.js';
import { type Deadline, raceAbort } from './deadline.js';
import { errorCode } from './errors.js';
import { downOutcome, elapsedMs, upOutcome } from './outcome.js';
import type { CheckOutcome, CheckTarget, DnsRecordType } from './types.js';

const RECORD_TYPES: readonly DnsRecordType[] = ['A', 'AAAA', 'CNAME', 'MX', 'TXT', 'NS'];

// c-ares codes in words; the code itself stays in the message for searching.
const DNS_CODES: Record<string, string> = {
  ENOTFOUND: 'no such domain',
  ENODATA: 'no records of this type',
  ETIMEOUT: 'the resolver did not answer',
  ECONNREFUSED: 'the resolver refused the connection',
  ESERVFAIL: 'the resolver reported a server failure',
  EREFUSED: 'the resolver refused the query',
  EBADRESP: 'malformed answer',
  EFORMERR: 'the resolver rejected the query as malformed',
  EBADNAME: 'not a valid domain name',
};

export type ParseResolverResult = { ok: true; server: string } | { ok: false; message: string };

/** Validates a `dns_resolver` of the form `ip[:port]` (IPv6 with a port as `[ip]:port`). */
export function parseDnsResolver(text: string): ParseResolverResult {
  const raw = text.trim();
  const bad = { ok: false, message: `"${text}" is not a resolver address: expected ip[:port]` } as const;
  const v6 = /^\[([^\]]+)\](?::(\d{1,5}))?$/.exec(raw);
  const v4 = /^([\d.]+)(?::(\d{1,5}))?$/.exec(raw);
  let host: string;
  let port: string | undefined;
  if (v6 && isIP(v6[1] ?? '') === 6) [, host = '', port] = v6;
  else if (isIP(raw) === 6) host = raw;
  else if (v4 && isIP(v4[1] ?? '') === 4) [, host = '', port] = v4;
  else return bad;
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65535)) {
    return { ok: false, message: `"${text}" has a port outside 1 to 65535` };
  }
  if (port === undefined) return { ok: true, server: host };
  return { ok: true, server: isIP(host) === 6 ? `[${host}]:${port}` : `${host}:${port}` };
}

// One c-ares channel per resolver and timeout, reused: creating a channel per check costs far more
// than the query itself.
const resolvers = new Map<string, Resolver>();

function resolverFor(server: string | null, timeoutMs: number, localAddress: string | undefined): Resolver {
  const key = `${server ?? 'system'}|${timeoutMs}|${localAddress ?? ''}`;
  let resolver = resolvers.get(key);
  if (!resolver) {
    if (resolvers.size >= 256) resolvers.clear();
    // A little longer than the check's own deadline, which therefore reports the timeout; this only
    // bounds how long an abandoned query lingers.
    resolver = new Resolver({ timeout: timeoutMs + 1000, tries: 1 });
    if (server) resolver.setServers([server]);
    // Queries leave from this address (IPv4 or IPv6; the other family keeps the default).
    if (localAddress) {
      if (isIP(localAddress) === 6) resolver.setLocalAddress('0.0.0.0', localAddress);
      else resolver.setLocalAddress(localAddress);
    }
    resolvers.set(key, resolver);
  }
  return resolver;
}

/**
 * Resolves `url` as a name for `dns_record_type`; with `dns_expected`, one answer must equal it.
 * Queries are sent from `localAddress` when given.
 */
export async function checkDns(
  target: CheckTarget,
  deadline: Deadline,
  localAddress?: string,
): Promise<CheckOutcome> {
  const name = (target.url ?? '').trim().replace(/\.$/, '');
  const type = target.dns_record_type ?? 'A';
  if (name === '') return downOutcome('no name to resolve');
  if (!RECORD_TYPES.includes(type)) return downOutcome(`unsupported DNS record type "${type}"`);
  let server: string | null = null;
  if (target.dns_resolver) {
    const parsed = parseDnsResolver(target.dns_resolver);
    if (!parsed.ok) return downOutcome(`invalid dns_resolver: ${parsed.message}`);
    server = parsed.server;
  }
  const what = `DNS ${type} lookup of ${name}${server ? ` via ${server}` : ''}`;
  const start = performance.now();
  let answers: string[];
  try {
    const resolver = resolverFor(server, deadline.timeoutMs, localAddress);
    answers = await raceAbort(query(resolver, name, type), deadline.signal);
  } catch (err) {
    if (deadline.signal.aborted) return downOutcome(`${what}: ${deadline.reason()}`);
    const code = errorCode(err);
    // NXDOMAIN and an empty answer are answers: the resolver's time is worth keeping.
    const answered = code === 'ENOTFOUND' || code === 'ENODATA';
    const reason = code ? `${DNS_CODES[code] ?? 'failed'} (${code})` : String(err);
    return downOutcome(`${what} failed: ${reason}`, answered ? { response_time_ms: elapsedMs(start) } : {});
  }
  const extra = { response_time_ms: elapsedMs(start) };
  if (answers.length === 0) return downOutcome(`${what} returned no records`, extra);
  const expected = target.dns_expected?.trim();
  if (!expected || answers.some((a) => sameAnswer(type, a, expected))) return upOutcome(extra);
  return downOutcome(`${what} returned ${answers.join(', ')}, expected ${expected}`, extra);
}

async function query(resolver: Resolver, name: string, type: DnsRecordType): Promise<string[]> {
  switch (type) {
    case 'A':
      return resolver.resolve4(name);
    case 'AAAA':
      return resolver.resolve6(name);
    case 'CNAME':
      return resolver.resolveCname(name);
    case 'NS':
      return resolver.resolveNs(name);
    case 'MX':
      return (await resolver.resolveMx(name)).map((mx) => `${mx.priority} ${mx.exchange}`);
    case 'TXT':
      return (await resolver.resolveTxt(name)).map((parts) => parts.join(''));
  }
}

// Names compare without case or a trailing dot, IPv6 addresses in canonical form, MX with or without
// its priority, TXT exactly.
function sameAnswer(type: DnsRecordType, answer: string, expected: string): boolean {
  if (type === 'TXT') return answer === expected;
  if (type === 'AAAA') return canonicalV6(answer) === canonicalV6(expected);
  const a = normalName(answer);
  const e = normalName(expected);
  if (type === 'MX') return a === e || a.slice(a.indexOf(' ') + 1) === e;
  return a === e;
}

function normalName(text: string): string {
  return text.trim().toLowerCase().replace(/\.$/, '');
}

function canonicalV6(text: string): string {
  try {
    return new URL(`http://[${text.trim()}]/`).hostname;
  } catch {
    return text.trim().toLowerCase();
  }
}

/** The dns monitor type, as registry.ts lists it. */
export const dnsCheck: CheckType = {
  run: (target, { deadline, from }) => checkDns(target, deadline, from),
  validate: (target, url, add) => {
    if (url === '' || /\s/.test(url)) add('url', 'must be the domain name to resolve');
    if (target.dns_record_type && !RECORD_TYPES.includes(target.dns_record_type)) {
      add('dns_record_type', `must be one of ${RECORD_TYPES.join(', ')}`);
    }
    if (target.dns_resolver) {
      const resolver = parseDnsResolver(target.dns_resolver);
      if (!resolver.ok) add('dns_resolver', resolver.message);
    }
  },
};
