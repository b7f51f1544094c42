// A run a webhook queued, reported back once it is done and judged: a commit status on its head
// commit (context `code-metrics/quality-gate`) and, for a pull request, one comment that later
// pushes update instead of repeating. A forge that fails is logged; the run stays done.
import type { Logger } from '@app/kit';
import type { Kysely } from 'kysely';
import type { MetricsConfig } from '../../config.js';
import { verdictOf } from '../../insights/quality-gate/gate-service.js';
import type { Verdict } from '../../shared-types/gate-shapes.js';
import { forgeRepo } from '../../store/repos/forge-repo.js';
import type { MetricsDB } from '../../store/schema.js';
import { type ForgeApi, forgeClient } from './forge-client.js';

export const STATUS_CONTEXT = 'code-metrics/quality-gate';
/** Marks the service's comment (also how a reader tells it from people's). */
export const COMMENT_MARKER = '<!-- code-metrics-quality-gate -->';

type Deps = { db: Kysely<MetricsDB>; log: Logger; config: Pick<MetricsConfig, 'forgeApiUrl' | 'forgeToken'> };

function describe(v: Verdict | null): { state: 'success' | 'failure'; text: string } {
  if (!v) return { state: 'success', text: 'Analysed; no quality gate is saved for this repository' };
  const failed = v.conditions.filter((c) => c.status === 'failed').map((c) => c.condition);
  if (v.status === 'passed')
    return { state: 'success', text: `Quality gate passed (${v.gate.conditions.join(', ')})` };
  return { state: 'failure', text: `Quality gate failed: ${failed.join(', ')}` };
}

export function commentBody(id: number, head: string, v: Verdict | null): string {
  const { state, text } = describe(v);
  const lines = [
    COMMENT_MARKER,
    `### ${state === 'success' ? '✅' : '❌'} ${text}`,
    '',
    `Run #${id} of ${head.slice(0, 12)}.`,
  ];
  if (v) {
    lines.push('', '| Condition | Result | Value | Limit |', '|---|---|---:|---|');
    for (const c of v.conditions) {
      const result = c.status === 'skipped' ? `skipped (${c.reason})` : c.status;
      const value = c.value === null ? '–' : String(c.value);
      const items = c.failing_items ? ` in ${c.failing_items} item${c.failing_items === 1 ? '' : 's'}` : '';
      lines.push(`| \`${c.condition}\` | ${result} | ${value}${items} | \`${c.limit}\` |`);
    }
  }
  return `${lines.join('\n')}\n`;
}

export async function reportToForge(deps: Deps, id: number): Promise<void> {
  const link = await forgeRepo.linkOf(deps.db, id);
  if (!link) return;
  const token = deps.config.forgeToken;
  if (!token) {
    deps.log.warn({ analysis: id }, 'FORGE_TOKEN is not set: the verdict is not reported to the forge');
    return;
  }
  const api: ForgeApi = { url: deps.config.forgeApiUrl, token };
  try {
    const verdict = await verdictOf(deps, id);
    const { state, text } = describe(verdict);
    await forgeClient.status(api, link.owner, link.repo, link.head_sha, {
      state,
      description: text.length > 140 ? `${text.slice(0, 139)}…` : text,
      context: STATUS_CONTEXT,
    });
    if (link.pr_number !== null) {
      const pr = Number(link.pr_number);
      const body = commentBody(id, link.head_sha, verdict);
      const existing = await forgeRepo.commentId(deps.db, link.owner, link.repo, pr);
      if (existing) await forgeClient.updateComment(api, link.owner, link.repo, existing, body);
      else {
        const created = await forgeClient.createComment(api, link.owner, link.repo, pr, body);
        await forgeRepo.saveComment(deps.db, link.owner, link.repo, pr, created);
      }
    }
    await forgeRepo.markReported(deps.db, id, Date.now());
  } catch (e) {
    deps.log.warn({ err: e, analysis: id }, 'verdict not reported to the forge');
  }
}
