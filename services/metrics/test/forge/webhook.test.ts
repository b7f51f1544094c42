// Forge integration (issue 36): GitHub-compatible webhooks with a valid, a forged and a replayed
// signature; the head commit queued with new code measured against the base; the verdict reported to
// a loopback forge as exactly one status and one comment, then that comment updated on a second push.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { needTool, testDatabases } from '@app/kit/testing';
import { signatureOf } from '../../src/intake/forge/webhook-signature.js';
import { type FixtureService, startFixtureService } from '../helpers/fixture-service.js';
import { waitFinished } from '../helpers/service.js';
import { buildEvolveRepo, type EvolveRepo } from '../trends/evolve-fixture.js';
import { type LoopbackForge, startLoopbackForge } from './loopback-forge.js';

const SECRET = 'a-webhook-secret-of-some-length';
const TOKEN = 'forge-token-for-tests';

for (const target of await testDatabases()) {
  describe(`forge webhooks on ${target.name}`, { skip: target.skip || needTool('git') }, () => {
    let fx: FixtureService;
    let forge: LoopbackForge;
    let repo: EvolveRepo;
    let delivery = 0;
    const send = (event: string, payload: unknown, opts: { id?: string; signature?: string } = {}) => {
      const body = JSON.stringify(payload);
      return fetch(`${fx.svc.url}/api/forge/webhook`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-github-event': event,
          'x-github-delivery': opts.id ?? `d-${++delivery}`,
          'x-hub-signature-256': opts.signature ?? signatureOf(SECRET, body),
        },
        body,
      });
    };
    const prEvent = (action: string, base: string, head: string) => ({
      action,
      number: 7,
      repository: { full_name: 'acme/evolve' },
      pull_request: { number: 7, base: { sha: base }, head: { sha: head } },
    });

    before(async () => {
      forge = await startLoopbackForge();
      fx = await startFixtureService(
        target,
        (base) => {
          repo = buildEvolveRepo(base);
        },
        {
          PYLINT_ENABLED: 'false',
          RUNS_PER_MINUTE_PER_CLIENT: '0',
          FORGE_WEBHOOK_SECRET: SECRET,
          FORGE_API_URL: forge.url,
          FORGE_TOKEN: TOKEN,
        },
      );
      const put = await fetch(`${fx.svc.url}/api/repositories/acme/evolve/gate`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ conditions: 'new_functions>=1,cc_max>50' }),
      });
      assert.equal(put.status, 200);
    });
    after(async () => {
      await fx?.close();
      await forge?.close();
    });

    test('a forged signature is refused and queues nothing', async () => {
      const body = prEvent('opened', repo.shas.c1, repo.shas.c2);
      const forged = await send('pull_request', body, {
        signature: signatureOf('not-the-secret', JSON.stringify(body)),
      });
      assert.equal(forged.status, 401);
      assert.equal(((await forged.json()) as { code: string }).code, 'unauthorized');
      const missing = await send('pull_request', body, { signature: '' });
      assert.equal(missing.status, 401);
      const list = (await (await fetch(`${fx.svc.url}/api/analyses`)).json()) as unknown[];
      assert.equal(list.length, 0);
    });

    test('a pull request is analysed against its base and reported once: one status, one comment', async () => {
      const res = await send('pull_request', prEvent('opened', repo.shas.c1, repo.shas.c2), {
        id: 'pr-open-1',
      });
      assert.equal(res.status, 202);
      const out = (await res.json()) as {
        status: string;
        analysis_id: number;
        base_analysis_id: number | null;
      };
      assert.equal(out.status, 'queued');
      assert.ok(out.base_analysis_id !== null, 'the base commit had no run: it is queued first');
      await forge.waitFor(2);
      const head = await waitFinished(fx.svc.url, out.analysis_id);
      assert.equal(head.commit_sha, repo.shas.c2);
      assert.deepEqual(
        forge.requests.map((r) => `${r.method} ${r.path}`),
        [`POST /repos/acme/evolve/statuses/${repo.shas.c2}`, 'POST /repos/acme/evolve/issues/7/comments'],
      );
      const [status, comment] = forge.requests;
      assert.equal(status?.headers.authorization, `Bearer ${TOKEN}`);
      assert.equal(status?.headers.accept, 'application/vnd.github+json');
      assert.equal(status?.body.state, 'failure');
      assert.equal(status?.body.context, 'code-metrics/quality-gate');
      assert.equal(status?.body.description, 'Quality gate failed: new_functions>=1');
      const text = String(comment?.body.body);
      assert.ok(
        text.startsWith('<!-- code-metrics-quality-gate -->\n### ❌ Quality gate failed: new_functions>=1'),
        text,
      );
      assert.match(text, /\| `cc_max>50` \| passed \|/);
      const verdict = (await (
        await fetch(`${fx.svc.url}/api/analyses/${out.analysis_id}/verdict`)
      ).json()) as {
        base_id: number;
      };
      assert.equal(verdict.base_id, out.base_analysis_id, 'new code measured against the base commit’s run');
    });

    test('a replayed delivery is refused; a second push updates the comment instead of adding one', async () => {
      const replay = await send('pull_request', prEvent('opened', repo.shas.c1, repo.shas.c2), {
        id: 'pr-open-1',
      });
      assert.equal(replay.status, 409);
      assert.equal(((await replay.json()) as { code: string }).code, 'webhook_replayed');
      const res = await send('pull_request', prEvent('synchronize', repo.shas.c1, repo.shas.c3));
      assert.equal(res.status, 202);
      const out = (await res.json()) as { analysis_id: number; base_analysis_id: number | null };
      assert.equal(out.base_analysis_id, null, 'the base commit is analysed already');
      await forge.waitFor(4);
      await waitFinished(fx.svc.url, out.analysis_id);
      assert.deepEqual(
        forge.requests.slice(2).map((r) => `${r.method} ${r.path}`),
        [`POST /repos/acme/evolve/statuses/${repo.shas.c3}`, 'PATCH /repos/acme/evolve/issues/comments/9000'],
      );
      assert.match(String(forge.requests[3]?.body.body), /Run #\d+ of /);
      const ignored = await send('pull_request', prEvent('closed', repo.shas.c1, repo.shas.c3));
      assert.deepEqual(await ignored.json(), { status: 'ignored', reason: 'pull_request action closed' });
    });
  });
}
