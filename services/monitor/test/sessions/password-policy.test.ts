import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { testDatabases } from '@app/kit/testing';
import { readConfig } from '../../src/config.js';
import { passwordProblems } from '../../src/identity/auth/password-policy.js';
import { createServer } from '../../src/server.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

const SHORT = 'must be at least 12 characters long';
const USERNAME = 'must not be the username';
const COMMON = 'is one of the most common passwords; choose another';

describe('password policy rules', () => {
  test('length counts characters, not bytes', () => {
    assert.deepEqual(passwordProblems('eleven-char', 'ann'), [`${SHORT} (it has 11)`]);
    assert.deepEqual(passwordProblems('twelve-chars', 'ann'), []);
    // Eleven emoji and a letter: twelve characters, although far more UTF-16 units.
    assert.deepEqual(passwordProblems(`${'🔑'.repeat(11)}x`, 'ann'), []);
  });

  test('the username, forwards or backwards, in any case, is refused', () => {
    assert.deepEqual(passwordProblems('Lighthouse-Keeper', 'lighthouse-keeper'), [USERNAME]);
    assert.deepEqual(passwordProblems('REPEEK-ESUOHTHGIL', 'lighthouse-keeper'), [USERNAME]);
    // Containing it is allowed: the rule stays simple and length does the work.
    assert.deepEqual(passwordProblems('lighthouse-keeper-on-call', 'lighthouse-keeper'), []);
  });

  test('common passwords of the list are refused in any case, and problems add up', () => {
    assert.deepEqual(passwordProblems('qwerty123456', 'ann'), [COMMON]);
    assert.deepEqual(passwordProblems('QWERTY123456', 'ann'), [COMMON]);
    assert.deepEqual(passwordProblems('password', 'password'), [`${SHORT} (it has 8)`, USERNAME, COMMON]);
    assert.deepEqual(passwordProblems('', 'ann'), [`${SHORT} (it has 0)`]);
  });
});

// Applied with the same messages wherever a password is chosen (issue 16, item 4).
for (const target of await testDatabases()) {
  describe(`password policy in the API on ${target.name}`, { skip: target.skip }, () => {
    let s: TestServer;
    let root: string;
    before(async () => {
      s = await startTestServer(target);
      root = (await s.login()).access_token;
    });
    after(() => s.stop());

    const count = async () =>
      (await s.as(root, { method: 'GET', url: '/api/users' })).json().length as number;

    test('creating a user: short, the username, common — each a clear 422 message; nothing created', async () => {
      const before = await count();
      const cases: [string, string, string[]][] = [
        ['xena', 'short-pw', [`${SHORT} (it has 8)`]],
        ['yannick-the-admin', 'YANNICK-THE-ADMIN', [USERNAME]],
        ['zoe', '1q2w3e4r5t6y', [COMMON]],
      ];
      for (const [username, password, messages] of cases) {
        const res = await s.as(root, {
          method: 'POST',
          url: '/api/users',
          payload: { username, password, role: 'viewer' },
        });
        assert.equal(res.statusCode, 422, username);
        const body = res.json();
        assert.equal(body.code, 'validation_failed');
        assert.match(res.headers['content-type'] as string, /application\/problem\+json/);
        assert.deepEqual(
          body.errors,
          messages.map((message) => ({ path: 'password', message })),
        );
        assert.ok(body.detail.startsWith('The password '), body.detail);
      }
      assert.equal(await count(), before);
    });

    test('setting a user’s password (PATCH) follows the policy too, with the new username', async () => {
      const made = await s.as(root, {
        method: 'POST',
        url: '/api/users',
        payload: { username: 'amelie', password: 'amelie-password-1', role: 'viewer' },
      });
      const id = made.json().id;
      const res = await s.as(root, {
        method: 'PATCH',
        url: `/api/users/${id}`,
        payload: { username: 'renamed-amelie', password: 'renamed-amelie' },
      });
      assert.equal(res.statusCode, 422);
      assert.deepEqual(res.json().errors, [{ path: 'password', message: USERNAME }]);
      const unchanged = await s.as(root, { method: 'GET', url: `/api/users/${id}` });
      assert.equal(unchanged.json().username, 'amelie');
    });

    test('changing one’s own password: the messages name new_password; the old one keeps working', async () => {
      await s.as(root, {
        method: 'POST',
        url: '/api/users',
        payload: { username: 'bruno', password: 'bruno-password-1', role: 'viewer' },
      });
      const pair = await s.login('bruno', 'bruno-password-1');
      for (const [next, message] of [
        ['tiny', `${SHORT} (it has 4)`],
        ['onurb', `${SHORT} (it has 5)`],
        ['qwerty123456', COMMON],
      ] as const) {
        const res = await s.as(pair.access_token, {
          method: 'POST',
          url: '/api/auth/change-password',
          payload: { current_password: 'bruno-password-1', new_password: next },
        });
        assert.equal(res.statusCode, 422, next);
        assert.ok(
          res
            .json()
            .errors.some(
              (e: { path: string; message: string }) => e.path === 'new_password' && e.message === message,
            ),
          `${next}: ${res.body}`,
        );
      }
      // 'onurb' is bruno backwards: both problems are named.
      const both = await s.as(pair.access_token, {
        method: 'POST',
        url: '/api/auth/change-password',
        payload: { current_password: 'bruno-password-1', new_password: 'onurb' },
      });
      assert.deepEqual(
        both.json().errors.map((e: { message: string }) => e.message),
        [`${SHORT} (it has 5)`, USERNAME],
      );
      // Refused changes are not wrong guesses: no throttling, the session and password stand.
      assert.equal((await s.as(pair.access_token, { method: 'GET', url: '/api/auth/me' })).statusCode, 200);
      await s.login('bruno', 'bruno-password-1');
    });

    test('a first-admin ADMIN_PASSWORD that fails the policy stops the start with the reasons', async () => {
      const db = await target.create();
      try {
        const config = readConfig({
          DATA_DIR: db.dataDir,
          ...(db.databaseUrl ? { DATABASE_URL: db.databaseUrl } : {}),
          ADMIN_USERNAME: 'admin',
          ADMIN_PASSWORD: 'admin',
          LOG_LEVEL: 'silent',
        });
        await assert.rejects(
          createServer(config),
          /ADMIN_PASSWORD is not accepted: it must be at least 12 characters long \(it has 5\); it must not be the username; it is one of the most common passwords/,
        );
      } finally {
        await db.cleanup();
      }
    });
  });
}
