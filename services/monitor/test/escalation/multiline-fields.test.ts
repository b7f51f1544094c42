import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { testDatabases } from '@app/kit/testing';
import { type EscalationServer, startEscalationServer } from './escalation-server.js';

// Free text that may span lines: LF, CRLF and tab are kept as sent; other control characters are refused.
const TEXT = 'First line\nSecond line\r\n\tindented';
const NUL = 'before\u0000after';
const BELL = 'ring\u0007';

for (const target of await testDatabases()) {
  describe(`multi-line free text through the API on ${target.name}`, { skip: target.skip }, () => {
    let s: EscalationServer;
    let hook: number;
    let incident: number;
    before(async () => {
      s = await startEscalationServer(target, { engine: false });
      hook = (
        await s.call('POST', '/api/channels', {
          name: 'hook',
          type: 'webhook',
          config: { url: 'http://127.0.0.1:9/x' },
        })
      ).json().id;
      const m = await s.call('POST', '/api/monitors', { name: 'm', url: 'http://127.0.0.1:9/' });
      assert.equal(m.statusCode, 201, m.body);
      incident = Number(
        (
          await s.server.ctx.db
            .insertInto('incidents')
            .values({
              monitor_id: m.json().id,
              status: 'open',
              started_at: Date.now(),
              root_cause: 'x',
              reminders_sent: 0,
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      );
    });
    after(() => s.stop());

    const refused = (res: { statusCode: number; json(): unknown }, path: string) => {
      assert.equal(res.statusCode, 422);
      const body = res.json() as { code: string; errors: Array<{ path: string; message: string }> };
      assert.equal(body.code, 'validation_failed');
      assert.ok(
        body.errors.some((e) => e.path === path && /control characters other than tab/.test(e.message)),
        JSON.stringify(body.errors),
      );
    };

    test('every built-in template previews and saves as it is shown (two of them hold a line break)', async () => {
      const list = (await s.call('GET', `/api/channels/${hook}/templates`)).json() as Array<{
        event: string;
        title: string;
        body: string;
      }>;
      assert.ok(
        list.some((t) => t.body.includes('\n')),
        'a built-in template spans lines',
      );
      for (const t of list) {
        const preview = await s.call('POST', '/api/channels/templates/preview', {
          event: t.event,
          title: t.title,
          body: t.body,
        });
        assert.equal(preview.statusCode, 200, `${t.event}: ${preview.body}`);
        const saved = await s.call('PUT', `/api/channels/${hook}/templates/${t.event}`, {
          title: t.title,
          body: t.body,
        });
        assert.equal(saved.statusCode, 200, `${t.event}: ${saved.body}`);
        const got = (await s.call('GET', `/api/channels/${hook}/templates/${t.event}`)).json();
        assert.deepEqual([got.custom, got.title, got.body], [true, t.title, t.body]);
      }
    });

    test('a template keeps LF, CRLF and tab in title and body; NUL and BEL are refused and change nothing', async () => {
      const put = await s.call('PUT', `/api/channels/${hook}/templates/down`, {
        title: 'Down:\n{{monitor.name}}',
        body: `{{monitor.name}}\r\n\tis down\n{{#link}}{{link}}{{/link}}`,
      });
      assert.equal(put.statusCode, 200, put.body);
      const preview = await s.call('POST', '/api/channels/templates/preview', {
        event: 'down',
        title: 'A\nB',
        body: '{{monitor.name}}\nline two\r\n\tthree',
      });
      assert.equal(preview.statusCode, 200, preview.body);
      assert.match(preview.json().body, /\nline two\r\n\tthree$/);
      refused(
        await s.call('PUT', `/api/channels/${hook}/templates/down`, { title: 'ok', body: NUL }),
        'body',
      );
      refused(
        await s.call('POST', '/api/channels/templates/preview', { event: 'down', title: BELL, body: 'x' }),
        'title',
      );
      const kept = (await s.call('GET', `/api/channels/${hook}/templates/down`)).json();
      assert.equal(kept.title, 'Down:\n{{monitor.name}}');
    });

    test('incident updates, resolve message, postmortem and notes keep line breaks; NUL refused', async () => {
      const update = await s.call('POST', `/api/incidents/${incident}/updates`, {
        status: 'identified',
        message: TEXT,
      });
      assert.equal(update.statusCode, 201, update.body);
      refused(
        await s.call('POST', `/api/incidents/${incident}/updates`, { status: 'identified', message: NUL }),
        'message',
      );
      const note = await s.call('POST', `/api/incidents/${incident}/notes`, { text: TEXT });
      assert.equal(note.statusCode, 201, note.body);
      assert.equal(note.json().text, TEXT);
      refused(await s.call('POST', `/api/incidents/${incident}/notes`, { text: NUL }), 'text');
      const pm = await s.call('PUT', `/api/incidents/${incident}/postmortem`, {
        postmortem: `# Cause\n\n${TEXT}`,
      });
      assert.equal(pm.statusCode, 200, pm.body);
      assert.equal(pm.json().postmortem, `# Cause\n\n${TEXT}`);
      refused(
        await s.call('PUT', `/api/incidents/${incident}/postmortem`, { postmortem: BELL }),
        'postmortem',
      );
      const resolved = await s.call('POST', `/api/incidents/${incident}/resolve`, {
        message: TEXT,
        postmortem: `Root cause:\n${TEXT}`,
      });
      assert.equal(resolved.statusCode, 200, resolved.body);
      const timeline = (await s.call('GET', `/api/incidents/${incident}`)).json();
      assert.equal(timeline.postmortem, `Root cause:\n${TEXT}`);
      const notes = (await s.call('GET', `/api/incidents/${incident}/notes`)).json();
      assert.deepEqual(
        notes.map((n: { text: string }) => n.text),
        [TEXT],
      );
    });

    test('status page description and footer keep line breaks; the title, a single line, refuses them', async () => {
      const page = await s.call('POST', '/api/status-pages', {
        slug: 'multi',
        title: 'Status',
        description: TEXT,
        footer: 'Footer\nline',
      });
      assert.equal(page.statusCode, 201, page.body);
      assert.deepEqual([page.json().description, page.json().footer], [TEXT, 'Footer\nline']);
      refused(await s.call('POST', '/api/status-pages', { slug: 'nul', title: 'S', footer: NUL }), 'footer');
      const title = await s.call('POST', '/api/status-pages', { slug: 'nl', title: 'Two\nlines' });
      assert.equal(title.statusCode, 422);
      assert.equal(title.json().errors[0].path, 'title');
    });
  });
}
