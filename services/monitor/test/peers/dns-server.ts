import { createSocket } from 'node:dgram';
import type { AddressInfo } from 'node:net';
import { type Answer, decode, encode, type Packet } from 'dns-packet';

const FLAG_AA = 0x0400;
const FLAG_RD = 0x0100;
const FLAG_RA = 0x0080;
const RCODE_SERVFAIL = 2;
const RCODE_NXDOMAIN = 3;

/** The records a test zone holds for one name. */
export interface ZoneEntry {
  A?: string[];
  AAAA?: string[];
  CNAME?: string;
  MX?: Array<{ preference: number; exchange: string }>;
  TXT?: string[];
  NS?: string[];
  /** Never answer queries for this name (to test timeouts). */
  silent?: boolean;
  /** Answer SERVFAIL. */
  servfail?: boolean;
}

/** A running DNS server on 127.0.0.1 (UDP). */
export interface DnsServer {
  /** `127.0.0.1:PORT`, ready for a monitor's `dns_resolver`. */
  address: string;
  port: number;
  /** Names asked so far, with their type (`A example.test`). */
  queries: string[];
  close(): Promise<void>;
}

/**
 * Starts an authoritative-style UDP DNS server on 127.0.0.1 serving `zone` (names without a trailing
 * dot, any case). Unknown names get NXDOMAIN; a known name without records of the asked type gets an
 * empty NOERROR answer.
 */
export async function startDnsServer(zone: Record<string, ZoneEntry>): Promise<DnsServer> {
  const entries = new Map(Object.entries(zone).map(([name, entry]) => [name.toLowerCase(), entry]));
  const queries: string[] = [];
  const socket = createSocket('udp4');
  socket.on('message', (msg, rinfo) => {
    let query: Packet;
    try {
      query = decode(msg);
    } catch {
      return;
    }
    const question = query.questions?.[0];
    if (!question) return;
    queries.push(`${question.type} ${question.name}`);
    const entry = entries.get(question.name.toLowerCase().replace(/\.$/, ''));
    if (entry?.silent) return;
    // dns-packet encodes the response code as the low four bits of the flags.
    const rcode = !entry ? RCODE_NXDOMAIN : entry.servfail ? RCODE_SERVFAIL : 0;
    const reply = encode({
      id: query.id,
      type: 'response',
      flags: ((query.flags ?? 0) & FLAG_RD) | FLAG_AA | FLAG_RA | rcode,
      questions: [question],
      answers: entry && rcode === 0 ? answersFor(question.name, question.type, entry) : [],
    });
    socket.send(reply, rinfo.port, rinfo.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const port = (socket.address() as AddressInfo).port;
  return {
    address: `127.0.0.1:${port}`,
    port,
    queries,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}

function answersFor(name: string, type: string, entry: ZoneEntry): Answer[] {
  const ttl = 60;
  switch (type) {
    case 'A':
      return (entry.A ?? []).map((data) => ({ name, type: 'A', ttl, data }));
    case 'AAAA':
      return (entry.AAAA ?? []).map((data) => ({ name, type: 'AAAA', ttl, data }));
    case 'CNAME':
      return entry.CNAME ? [{ name, type: 'CNAME', ttl, data: entry.CNAME }] : [];
    case 'MX':
      return (entry.MX ?? []).map((data) => ({ name, type: 'MX', ttl, data }));
    case 'TXT':
      return (entry.TXT ?? []).map((data) => ({ name, type: 'TXT', ttl, data }));
    case 'NS':
      return (entry.NS ?? []).map((data) => ({ name, type: 'NS', ttl, data }));
    default:
      return [];
  }
}
