import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { type DnsServer, startDnsServer } from '../../../test/peers/dns-server.js';
import { type CheckTarget, type DnsRecordType, parseDnsResolver, runCheck } from './index.js';

describe('dns', () => {
  let server: DnsServer;
  let via: string;

  before(async () => {
    server = await startDnsServer({
      'app.test': {
        A: ['10.0.0.1', '10.0.0.2'],
        AAAA: ['fd00::1'],
        MX: [{ preference: 10, exchange: 'mail.app.test' }],
        TXT: ['v=spf1 -all'],
        NS: ['ns1.app.test'],
      },
      'www.app.test': { CNAME: 'app.test' },
      'slow.test': { silent: true },
      'broken.test': { servfail: true },
    });
    via = server.address;
  });
  after(() => server.close());

  function dns(url: string, type: DnsRecordType, extra: Partial<CheckTarget> = {}): CheckTarget {
    return {
      monitor_type: 'dns',
      url,
      dns_record_type: type,
      dns_resolver: via,
      timeout_seconds: 1,
      ...extra,
    };
  }

  test('a name that resolves is up, and the query reached the configured resolver', async () => {
    const out = await runCheck(dns('app.test', 'A'));
    assert.equal(out.status, 'up');
    assert.equal(out.error, null);
    assert.equal(typeof out.response_time_ms, 'number');
    assert.ok(server.queries.includes('A app.test'));
  });

  test('an expected value among the answers is up, a missing one is down with the answers', async () => {
    assert.equal((await runCheck(dns('app.test', 'A', { dns_expected: '10.0.0.2' }))).status, 'up');
    const out = await runCheck(dns('app.test', 'A', { dns_expected: '10.9.9.9' }));
    assert.equal(out.status, 'down');
    assert.equal(
      out.error,
      `DNS A lookup of app.test via ${via} returned 10.0.0.1, 10.0.0.2, expected 10.9.9.9`,
    );
  });

  test('each record type is queried and compared in its own way', async () => {
    const cases: Array<[string, DnsRecordType, string]> = [
      ['app.test', 'AAAA', 'FD00:0:0::1'],
      ['www.app.test', 'CNAME', 'App.Test.'],
      ['app.test', 'MX', 'mail.app.test'],
      ['app.test', 'MX', '10 mail.app.test'],
      ['app.test', 'TXT', 'v=spf1 -all'],
      ['app.test', 'NS', 'ns1.app.test'],
    ];
    for (const [name, type, expected] of cases) {
      const out = await runCheck(dns(name, type, { dns_expected: expected }));
      assert.equal(out.status, 'up', `${type} ${name} = ${expected}: ${out.error}`);
    }
    const txt = await runCheck(dns('app.test', 'TXT', { dns_expected: 'V=SPF1 -all' }));
    assert.equal(
      txt.error,
      `DNS TXT lookup of app.test via ${via} returned v=spf1 -all, expected V=SPF1 -all`,
    );
  });

  test('resolver failures are worded with their code', async () => {
    const nx = await runCheck(dns('nope.test', 'A'));
    assert.equal(nx.error, `DNS A lookup of nope.test via ${via} failed: no such domain (ENOTFOUND)`);
    const empty = await runCheck(dns('www.app.test', 'MX'));
    assert.equal(
      empty.error,
      `DNS MX lookup of www.app.test via ${via} failed: no records of this type (ENODATA)`,
    );
    const fail = await runCheck(dns('broken.test', 'A'));
    assert.equal(
      fail.error,
      `DNS A lookup of broken.test via ${via} failed: the resolver reported a server failure (ESERVFAIL)`,
    );
  });

  test('a resolver that never answers times out at the monitor timeout', async () => {
    const out = await runCheck(dns('slow.test', 'A'));
    assert.equal(out.error, `DNS A lookup of slow.test via ${via}: timeout after 1000 ms`);
  });

  test('bad settings are explained', async () => {
    const bad = await runCheck(dns('app.test', 'A', { dns_resolver: 'dns.example' }));
    assert.equal(
      bad.error,
      'invalid dns_resolver: "dns.example" is not a resolver address: expected ip[:port]',
    );
    assert.equal((await runCheck(dns('', 'A'))).error, 'no name to resolve');
  });
});

describe('parseDnsResolver', () => {
  test('accepts ip and ip:port in both families', () => {
    assert.deepEqual(parseDnsResolver('127.0.0.1'), { ok: true, server: '127.0.0.1' });
    assert.deepEqual(parseDnsResolver(' 127.0.0.1:5353 '), { ok: true, server: '127.0.0.1:5353' });
    assert.deepEqual(parseDnsResolver('::1'), { ok: true, server: '::1' });
    assert.deepEqual(parseDnsResolver('[::1]:5353'), { ok: true, server: '[::1]:5353' });
  });

  test('rejects names, bad addresses and ports', () => {
    for (const text of ['localhost', '1.2.3', '1.2.3.4.5', '127.0.0.1:', '[::1', '']) {
      assert.deepEqual(parseDnsResolver(text), {
        ok: false,
        message: `"${text}" is not a resolver address: expected ip[:port]`,
      });
    }
    assert.deepEqual(parseDnsResolver('127.0.0.1:70000'), {
      ok: false,
      message: '"127.0.0.1:70000" has a port outside 1 to 65535',
    });
  });
});
