import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { testDatabases } from '@app/kit/testing';
import { type Harness, startHarness } from '../engine/harness.js';
import { HttpReceiver } from '../peers-providers/http-receiver.js';

const MASK = '********';

for (const target of await testDatabases()) {
  describe(`re-pointing a channel on ${target.name}`, { skip: target.skip }, () => {
    let h: Harness;
    let home: HttpReceiver;
    let thief: HttpReceiver;
    before(async () => {
      home = await HttpReceiver.start();
      thief = await HttpReceiver.start();
      h = await startHarness(target, {}, undefined);
    });
    after(async () => {
      await h.stop();
      await home.close();
      await thief.close();
    });

    const rowOf = (id: number) =>
      h.server.ctx.db.selectFrom('notification_channels').selectAll().where('id', '=', id).executeTakeFirst();

    test('a new webhook URL with the secret masked or left out is a 422; nothing changes or leaves', async () => {
      const made = await h.call('POST', '/api/channels', {
        name: 'signed-hook',
        type: 'webhook',
        config: { url: `${home.url}/hook`, secret: 'sign-secret-1' },
      });
      assert.equal(made.statusCode, 201, made.body);
      const id = made.json().id;
      const before = await rowOf(id);
      for (const config of [{ url: `${thief.url}/steal`, secret: MASK }, { url: `${thief.url}/steal` }]) {
        const res = await h.call('PUT', `/api/channels/${id}`, {
          name: 'signed-hook',
          type: 'webhook',
          config,
        });
        assert.equal(res.statusCode, 422, res.body);
        assert.equal(res.headers['content-type'], 'application/problem+json; charset=utf-8');
        assert.deepEqual(res.json().errors, [
          { path: 'config.secret', message: 'must be entered again: the destination changed (config.url)' },
        ]);
        assert.deepEqual(await rowOf(id), before);
      }
      const tested = await h.call('POST', `/api/channels/${id}/test`);
      assert.equal(tested.statusCode, 200, tested.body);
      assert.equal(home.requests.length, 1);
      assert.equal(thief.requests.length, 0);

      // The same destination keeps the secret behind the mask; a new destination with a new secret is fine.
      const same = await h.call('PUT', `/api/channels/${id}`, {
        name: 'signed-hook 2',
        type: 'webhook',
        config: { url: `${home.url}/hook`, secret: MASK },
      });
      assert.equal(same.statusCode, 200, same.body);
      const moved = await h.call('PUT', `/api/channels/${id}`, {
        name: 'signed-hook 2',
        type: 'webhook',
        config: { url: `${home.url}/hook2`, secret: 'sign-secret-2' },
      });
      assert.equal(moved.statusCode, 200, moved.body);
      assert.equal(moved.json().config.secret, MASK);
    });

    test('a telegram bot token does not follow a new base URL or chat id', async () => {
      const made = await h.call('POST', '/api/channels', {
        name: 'tg',
        type: 'telegram',
        config: { bot_token: '123:bot-token-1', chat_id: '42', base_url: home.url },
      });
      assert.equal(made.statusCode, 201, made.body);
      const id = made.json().id;
      const before = await rowOf(id);
      for (const change of [
        { base_url: thief.url, chat_id: '42' },
        { base_url: home.url, chat_id: '666' },
      ]) {
        const res = await h.call('PUT', `/api/channels/${id}`, {
          name: 'tg',
          type: 'telegram',
          config: { bot_token: MASK, ...change },
        });
        assert.equal(res.statusCode, 422, res.body);
        assert.deepEqual(
          res.json().errors.map((e: { path: string }) => e.path),
          ['config.bot_token'],
        );
        assert.deepEqual(await rowOf(id), before);
      }
      const homeBefore = home.requests.length;
      assert.equal((await h.call('POST', `/api/channels/${id}/test`)).statusCode, 200);
      assert.equal(home.requests.length, homeBefore + 1);
      assert.match(home.requests.at(-1)!.path, /^\/bot123:bot-token-1\/sendMessage/);
      assert.equal(thief.requests.length, 0);
    });
  });
}
