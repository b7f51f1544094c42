import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { makeCert } from '../../../test/peers/certs.js';
import { type HttpTarget, startHttpTarget } from '../../../test/peers/http-target.js';
import { closedPort } from '../../../test/peers/tcp-listener.js';
import { type CheckTarget, closeHttpAgents, runCheck } from './index.js';

function http(url: string, extra: Partial<CheckTarget> = {}): CheckTarget {
  return { monitor_type: 'http_get', url, timeout_seconds: 1, ...extra };
}

let plain: HttpTarget;
let other: HttpTarget;

before(async () => {
  plain = await startHttpTarget();
  other = await startHttpTarget();
});

after(async () => {
  await closeHttpAgents();
  await plain.close();
  await other.close();
});

describe('http status and response', () => {
  test('a 200 is up with its code and a response time', async () => {
    const out = await runCheck(http(`${plain.origin}/?status=200`));
    assert.equal(out.status, 'up');
    assert.equal(out.status_code, 200);
    assert.equal(out.error, null);
    assert.equal(out.tls_days_left, null);
    assert.equal(typeof out.response_time_ms, 'number');
  });

  test('an unexpected code is down with the grammar and the code', async () => {
    const out = await runCheck(http(`${plain.origin}/?status=503`));
    assert.equal(out.status, 'down');
    assert.equal(out.status_code, 503);
    assert.equal(out.error, 'expected status 2xx, got 503');
    assert.equal(typeof out.response_time_ms, 'number');
  });

  test('expected_status_codes is honoured, negations included', async () => {
    const ok = await runCheck(http(`${plain.origin}/?status=404`, { expected_status_codes: '!5xx' }));
    assert.equal(ok.status, 'up');
    const down = await runCheck(
      http(`${plain.origin}/?status=204`, { expected_status_codes: '200 | 300-399' }),
    );
    assert.equal(down.error, 'expected status 200,300-399, got 204');
  });

  test('a refused connection names the address', async () => {
    const port = await closedPort();
    const out = await runCheck(http(`http://127.0.0.1:${port}/`));
    assert.equal(out.status, 'down');
    assert.equal(out.status_code, null);
    assert.equal(out.error, `connect ECONNREFUSED 127.0.0.1:${port}`);
    assert.equal(out.response_time_ms, null);
  });

  test('a server that drops the connection is reported as such', async () => {
    const out = await runCheck(http(`${plain.origin}/drop`));
    assert.equal(
      out.error,
      'connection closed by the server without a complete response (other side closed)',
    );
  });

  test('a server that never answers times out at the monitor timeout', async () => {
    const out = await runCheck(http(`${plain.origin}/hang`));
    assert.equal(out.status, 'down');
    assert.equal(out.error, 'timeout after 1000 ms');
  });

  test('a body that stalls times out too', async () => {
    const out = await runCheck(http(`${plain.origin}/hang-body`, { keyword: 'never' }));
    assert.equal(out.error, 'timeout after 1000 ms');
    assert.equal(out.status_code, 200);
  });

  test('hanging requests to an origin do not hold up other checks of the same origin', async () => {
    const hung = Array.from({ length: 5 }, () =>
      runCheck(http(`${plain.origin}/hang`, { timeout_seconds: 2 })),
    );
    const healthy = await runCheck(http(`${plain.origin}/?status=200`));
    assert.equal(healthy.status, 'up');
    for (const out of await Promise.all(hung)) assert.equal(out.error, 'timeout after 2000 ms');
  });

  test("the caller's signal stops a check", async () => {
    const controller = new AbortController();
    const pending = runCheck(http(`${plain.origin}/hang`, { timeout_seconds: 30 }), controller.signal);
    setTimeout(() => controller.abort(), 50);
    const out = await pending;
    assert.equal(out.error, 'check aborted');
  });

  test('bad URLs are reported, not thrown', async () => {
    assert.equal((await runCheck(http('not a url'))).error, 'invalid URL "not a url"');
    assert.equal(
      (await runCheck(http('ftp://127.0.0.1/'))).error,
      'unsupported URL scheme "ftp:": use http or https',
    );
  });
});

describe('http requests carry method, headers, body and credentials', () => {
  test('POST sends the body with a guessed JSON type, custom headers and basic auth', async () => {
    const out = await runCheck(
      http(`${plain.origin}/echo`, {
        monitor_type: 'http_post',
        body: '{"ping":1}',
        headers: { 'X-Probe': 'yes' },
        auth: { type: 'basic', username: 'ann', password: 's3cret' },
      }),
    );
    assert.equal(out.status, 'up');
    const seen = plain.requests.at(-1)!;
    assert.equal(seen.method, 'POST');
    assert.equal(seen.body, '{"ping":1}');
    assert.equal(seen.headers['content-type'], 'application/json');
    assert.equal(seen.headers['x-probe'], 'yes');
    assert.equal(seen.headers.authorization, `Basic ${Buffer.from('ann:s3cret').toString('base64')}`);
  });

  test('HEAD sends a bearer token and no body', async () => {
    const out = await runCheck(
      http(`${plain.origin}/echo`, {
        monitor_type: 'http_head',
        body: 'ignored',
        auth: { type: 'bearer', token: 't0k' },
      }),
    );
    assert.equal(out.status, 'up');
    const seen = plain.requests.at(-1)!;
    assert.equal(seen.method, 'HEAD');
    assert.equal(seen.body, '');
    assert.equal(seen.headers.authorization, 'Bearer t0k');
  });

  test('credentials in the URL become basic auth', async () => {
    const url = `${plain.origin.replace('://', '://bob:p%40ss@')}/echo`;
    assert.equal((await runCheck(http(url))).status, 'up');
    const seen = plain.requests.at(-1)!;
    assert.equal(seen.headers.authorization, `Basic ${Buffer.from('bob:p@ss').toString('base64')}`);
  });

  test('a body assertion on HEAD is refused with a reason', async () => {
    const out = await runCheck(http(`${plain.origin}/`, { monitor_type: 'http_head', keyword: 'ok' }));
    assert.equal(
      out.error,
      'a keyword or JSON-path assertion needs a response body, and HEAD responses have none',
    );
  });
});

describe('http body assertions', () => {
  const json = (body: unknown): string =>
    `${plain.origin}/?type=application/json&body=${encodeURIComponent(JSON.stringify(body))}`;

  test('keyword found is up, missing is down', async () => {
    assert.equal(
      (await runCheck(http(`${plain.origin}/?body=all+is+ok`, { keyword: 'is ok' }))).status,
      'up',
    );
    const out = await runCheck(http(`${plain.origin}/?body=all+is+ok`, { keyword: 'OK' }));
    assert.equal(out.status, 'down');
    assert.equal(out.error, 'keyword "OK" not found in body');
    assert.equal(out.status_code, 200);
  });

  test('the status is judged before the body', async () => {
    const out = await runCheck(http(`${plain.origin}/?status=500&body=ok`, { keyword: 'ok' }));
    assert.equal(out.error, 'expected status 2xx, got 500');
  });

  test('JSON path with the expected value is up', async () => {
    const url = json({ status: 'ok', checks: [{ name: 'db', up: true }] });
    assert.equal((await runCheck(http(url, { json_path: '$.status', json_expected: 'ok' }))).status, 'up');
    assert.equal(
      (await runCheck(http(url, { json_path: 'checks[0].up', json_expected: 'true' }))).status,
      'up',
    );
    assert.equal((await runCheck(http(url, { json_path: 'checks[0].name' }))).status, 'up');
  });

  test('JSON path failures say what was found', async () => {
    const url = json({ status: 'degraded', n: 3 });
    const wrong = await runCheck(http(url, { json_path: '$.status', json_expected: 'ok' }));
    assert.equal(wrong.error, 'JSON path $.status is "degraded", expected "ok"');
    const missing = await runCheck(http(url, { json_path: '$.checks[0]', json_expected: 'ok' }));
    assert.equal(missing.error, 'JSON path $.checks[0] not found in body');
    const notJson = await runCheck(http(`${plain.origin}/?body=hello`, { json_path: 'a' }));
    assert.equal(notJson.error, 'response body is not valid JSON (needed for JSON path a)');
    const badPath = await runCheck(http(url, { json_path: 'a..b' }));
    assert.equal(badPath.error, 'invalid json_path: expected a name at position 3 of "a..b"');
  });
});

describe('http redirects', () => {
  test('a chain within max_redirects is followed to the final answer', async () => {
    const out = await runCheck(http(`${plain.origin}/redirect/2`, { max_redirects: 2, keyword: 'arrived' }));
    assert.equal(out.status, 'up');
    assert.equal(out.status_code, 200);
  });

  test('a longer chain fails with the limit', async () => {
    const out = await runCheck(http(`${plain.origin}/redirect/3`, { max_redirects: 1 }));
    assert.equal(out.error, 'too many redirects: more than 1 (next: /redirect/1)');
  });

  test('max_redirects 0 reports the redirect itself', async () => {
    const down = await runCheck(http(`${plain.origin}/redirect/1`, { max_redirects: 0 }));
    assert.equal(down.error, 'expected status 2xx, got 302');
    assert.equal(down.status_code, 302);
    const up = await runCheck(
      http(`${plain.origin}/redirect/1`, { max_redirects: 0, expected_status_codes: '3xx' }),
    );
    assert.equal(up.status, 'up');
  });

  test('POST answered with 303 continues as GET without the body', async () => {
    await runCheck(
      http(`${plain.origin}/to?code=303&location=/echo`, { monitor_type: 'http_post', body: 'x=1' }),
    );
    const seen = plain.requests.at(-1)!;
    assert.equal(seen.path, '/echo');
    assert.equal(seen.method, 'GET');
    assert.equal(seen.body, '');
  });

  test('credentials are not sent to another origin', async () => {
    const location = encodeURIComponent(`${other.origin}/echo`);
    const out = await runCheck(
      http(`${plain.origin}/to?location=${location}`, { auth: { type: 'bearer', token: 'secret' } }),
    );
    assert.equal(out.status, 'up');
    assert.equal(plain.requests.at(-1)!.headers.authorization, 'Bearer secret');
    assert.equal(other.requests.at(-1)!.headers.authorization, undefined);
  });
});

describe('https', () => {
  let fresh: HttpTarget;
  let expired: HttpTarget;

  before(async () => {
    fresh = await startHttpTarget(await makeCert(30));
    expired = await startHttpTarget(await makeCert(-3));
  });

  after(async () => {
    await fresh.close();
    await expired.close();
  });

  test('a self-signed certificate is an error unless TLS errors are ignored', async () => {
    const strict = await runCheck(http(`${fresh.origin}/`));
    assert.equal(strict.status, 'down');
    assert.equal(strict.error, 'TLS error: self-signed certificate (DEPTH_ZERO_SELF_SIGNED_CERT)');
    const lenient = await runCheck(http(`${fresh.origin}/`, { ignore_tls_errors: true }));
    assert.equal(lenient.status, 'up');
    assert.equal(lenient.tls_days_left, 30);
    assert.equal(lenient.warning, null);
  });

  test('days left under the warn threshold stay up with a warning', async () => {
    const out = await runCheck(http(`${fresh.origin}/`, { ignore_tls_errors: true, tls_warn_days: 45 }));
    assert.equal(out.status, 'up');
    assert.equal(out.tls_days_left, 30);
    assert.match(
      out.warning ?? '',
      /^certificate expires in 30 days \(.+Z\), within the 45-day warning threshold$/,
    );
  });

  test('an expired certificate with TLS errors ignored reports negative days', async () => {
    const out = await runCheck(http(`${expired.origin}/`, { ignore_tls_errors: true }));
    assert.equal(out.status, 'up');
    assert.equal(out.tls_days_left, -3);
    assert.match(out.warning ?? '', /^certificate expired 3 days ago \(/);
  });

  test('the certificate reported is the one of the origin that answered after redirects', async () => {
    const location = encodeURIComponent(`${fresh.origin}/`);
    const out = await runCheck(http(`${plain.origin}/to?location=${location}`, { ignore_tls_errors: true }));
    assert.equal(out.status, 'up');
    assert.equal(out.tls_days_left, 30);
  });
});
