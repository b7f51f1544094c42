import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { testDatabases } from '@app/kit/testing';
import { SignJWT } from 'jose';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

// Tokens signed with the real key but without expiry, without iat, or living longer than the
// service issues them must be refused (issue 11, item 10).
for (const target of await testDatabases()) {
  describe(`access token claims on ${target.name}`, { skip: target.skip }, () => {
    let s: TestServer;
    // A real session to name in the tokens this test signs (tokens must carry `sid`).
    let sid: string;
    before(async () => {
      s = await startTestServer(target);
      const { access_token } = await s.login();
      sid = JSON.parse(Buffer.from(access_token.split('.')[1]!, 'base64url').toString()).sid;
    });
    after(() => s.stop());

    const now = () => Math.floor(Date.now() / 1000);
    const sign = (claims: { iat?: number; exp?: number; gen?: number }) => {
      const jwt = new SignJWT({ typ: 'access', gen: claims.gen ?? 0, sid })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject('1');
      if (claims.iat !== undefined) jwt.setIssuedAt(claims.iat);
      if (claims.exp !== undefined) jwt.setExpirationTime(claims.exp);
      return jwt.sign(s.ctx.keys.jwt);
    };
    const me = async (token: string) => s.as(token, { method: 'GET', url: '/api/auth/me' });

    test('a well-formed token signed with the key is accepted (the test signs correctly)', async () => {
      const res = await me(await sign({ iat: now(), exp: now() + 600 }));
      assert.equal(res.statusCode, 200, res.body);
    });

    test('no exp, no iat, a lifetime over 15 minutes or an iat in the future: 401', async () => {
      const cases = {
        'no exp': { iat: now() },
        'no iat': { exp: now() + 600 },
        'a year long': { iat: now(), exp: now() + 365 * 24 * 3600 },
        'one second too long': { iat: now(), exp: now() + 15 * 60 + 1 },
        'issued in the future': { iat: now() + 3600, exp: now() + 3600 + 600 },
      };
      for (const [name, claims] of Object.entries(cases)) {
        const res = await me(await sign(claims));
        assert.equal(res.statusCode, 401, name);
        assert.equal(res.json().code, 'invalid_token', name);
      }
    });

    test('a token of another generation is refused', async () => {
      const res = await me(await sign({ iat: now(), exp: now() + 600, gen: 7 }));
      assert.equal(res.statusCode, 401);
      assert.match(res.json().detail, /was revoked/);
    });
  });
}
