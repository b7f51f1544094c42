// A forge webhook delivery in: signature checked, replay refused, and the analysis it asks for
// queued (with the base commit's own run first when the service has none, so new code can be
// measured against it), linked to where its verdict is reported.
import type { MetricsConfig } from '../../config.js';
import { errors } from '../../errors.js';
import { validateRepoUrl } from '../../shared-types/repo-validate.js';
import { compareRepo } from '../../store/repos/compare-repo.js';
import { forgeRepo } from '../../store/repos/forge-repo.js';
import { type CreateAnalysisDeps, createAnalysis } from '../analyses-service.js';
import { requestOf } from './webhook-events.js';
import { validSignature } from './webhook-signature.js';

export interface WebhookHeaders {
  event: string | undefined;
  delivery: string | undefined;
  signature: string | undefined;
}

export type WebhookOutcome =
  | { status: 'queued'; analysis_id: number; base_analysis_id: number | null }
  | { status: 'ignored'; reason: string };

type Deps = CreateAnalysisDeps & { config: Pick<MetricsConfig, 'forgeWebhookSecret'> };

export async function handleWebhook(deps: Deps, h: WebhookHeaders, raw: Buffer): Promise<WebhookOutcome> {
  const secret = deps.config.forgeWebhookSecret;
  if (!secret) throw errors.not_found('forge webhooks are not enabled (FORGE_WEBHOOK_SECRET)');
  if (!validSignature(secret, raw, h.signature)) {
    throw errors.unauthorized(
      'the X-Hub-Signature-256 header does not sign this body with the webhook secret',
    );
  }
  if (
    !h.delivery ||
    !/^[A-Za-z0-9-]{1,100}$/.test(h.delivery) ||
    !h.event ||
    !/^[a-z_]{1,50}$/.test(h.event)
  ) {
    throw errors.validation_failed('X-GitHub-Delivery and X-GitHub-Event are required.', {
      errors: [{ path: 'headers', message: 'X-GitHub-Delivery and X-GitHub-Event are required' }],
    });
  }
  let payload: Record<string, unknown>;
  try {
    payload = JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
  } catch {
    throw errors.validation_failed('The webhook body is not JSON.', {
      errors: [{ path: 'body', message: 'not JSON' }],
    });
  }
  if (!(await forgeRepo.recordDelivery(deps.db, h.delivery, h.event, Date.now()))) {
    throw errors.webhook_replayed(`delivery ${h.delivery} was received before`);
  }
  try {
    const req = requestOf(h.event, payload);
    if ('ignored' in req) return { status: 'ignored', reason: req.ignored };
    const v = validateRepoUrl(`https://github.com/${req.owner}/${req.repo}`);
    if (!v.ok) return { status: 'ignored', reason: `not a GitHub repository name: ${req.owner}/${req.repo}` };
    const repoUrl = v.value.canonicalUrl;
    let baseId: number | null = null;
    if (req.base) {
      const [done] = await compareRepo.doneRunAtCommit(deps.db, repoUrl, req.base);
      if (!done) baseId = Number((await createAnalysis(deps, { repo_url: repoUrl, ref: req.base })).row.id);
    }
    const { row } = await createAnalysis(deps, {
      repo_url: repoUrl,
      ref: req.head,
      new_code_base: req.base ?? undefined,
    });
    await forgeRepo.link(deps.db, {
      analysis_id: Number(row.id),
      owner: row.owner,
      repo: row.repo,
      head_sha: req.head,
      pr_number: req.pr,
    });
    return { status: 'queued', analysis_id: Number(row.id), base_analysis_id: baseId };
  } catch (e) {
    // Nothing was queued: a redelivery of the same id may try again.
    await forgeRepo.forgetDelivery(deps.db, h.delivery);
    throw e;
  }
}
