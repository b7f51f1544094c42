import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { AppContext } from '../../context.js';
import { errors } from '../../errors.js';
import { gateBadgeSvg } from '../../insights/quality-gate/gate-badge.js';
import {
  evaluateRun,
  gateService,
  repoGateKey,
  verdictOf,
} from '../../insights/quality-gate/gate-service.js';
import { IdParams, problems } from '../../platform/http/schemas.js';
import { QualityGate, QualityGateInput, Verdict } from '../../shared-types/gate-shapes.js';
import { validateRepoUrl } from '../../shared-types/repo-validate.js';
import { DEFAULT_GATE_KEY, gatesRepo } from '../../store/repos/gates-repo.js';

const tags = ['quality gate'];
const RepoParams = Type.Object({
  owner: Type.String({ maxLength: 100 }),
  repo: Type.String({ maxLength: 100 }),
});

/** `owner/repo` checked as GitHub names are (a 422 otherwise). */
function repoKey(p: { owner: string; repo: string }): string {
  const v = validateRepoUrl(`https://github.com/${p.owner}/${p.repo}`);
  if (!v.ok) {
    throw errors.validation_failed('The repository name is invalid.', {
      errors: v.errors.map((e) => ({ path: 'repo', message: e.message })),
    });
  }
  return repoGateKey(p.owner, p.repo);
}

/** Saved gates (default and per repository), run verdicts and the gate badge. */
export function gatesRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    const scopes = [
      {
        path: '/api/gates/default',
        what: 'the default quality gate (repositories without their own)',
        key: () => DEFAULT_GATE_KEY,
      },
      {
        path: '/api/repositories/:owner/:repo/gate',
        what: "a repository's own quality gate",
        key: (p: unknown) => repoKey(p as { owner: string; repo: string }),
      },
    ];
    for (const s of scopes) {
      const params = s.path.includes(':owner') ? { params: RepoParams } : {};
      app.get(
        s.path,
        {
          schema: {
            tags,
            summary: `Reads ${s.what}`,
            ...params,
            response: { 200: QualityGate, ...problems(404, 422) },
          },
        },
        async (req) => gateService.get(ctx, s.key(req.params)),
      );
      app.put(
        s.path,
        {
          schema: {
            tags,
            summary: `Saves ${s.what}: conditions in the --fail-on grammar; runs that finish later are judged by it`,
            ...params,
            body: QualityGateInput,
            response: { 200: QualityGate, ...problems(422) },
          },
        },
        async (req) => gateService.put(ctx, s.key(req.params), req.body),
      );
      app.delete(
        s.path,
        {
          schema: {
            tags,
            summary: `Removes ${s.what}`,
            ...params,
            response: { 204: Type.Null(), ...problems(404, 422) },
          },
        },
        async (req, reply) => {
          await gateService.remove(ctx, s.key(req.params));
          return reply.code(204).send(null);
        },
      );
    }
    app.get(
      '/api/analyses/:id/verdict',
      {
        schema: {
          tags,
          summary: "A finished run's verdict: passed or failed, with each condition's value and limit",
          params: IdParams,
          response: { 200: Verdict, ...problems(404, 409) },
        },
      },
      async (req) => {
        const v = await verdictOf(ctx, req.params.id);
        if (v) return v;
        throw errors.not_found(`no quality gate applies to analysis ${req.params.id}: save one first`);
      },
    );
    app.post(
      '/api/analyses/:id/verdict',
      {
        schema: {
          tags,
          summary: 'Judges a finished run again by the gate that applies now',
          params: IdParams,
          response: { 200: Verdict, ...problems(404, 409) },
        },
      },
      async (req) => {
        const v = await evaluateRun(ctx, req.params.id);
        if (!v)
          throw errors.not_found(`no quality gate applies to analysis ${req.params.id}: save one first`);
        return v;
      },
    );
    app.get(
      '/api/badges/:owner/:repo/gate.svg',
      {
        schema: {
          tags,
          summary:
            "The verdict of a repository's newest finished run as an SVG badge (only when its gate makes the badge public)",
          params: RepoParams,
          produces: ['image/svg+xml'],
          response: { 200: Type.String(), ...problems(404, 422) },
        },
      },
      async (req, reply) => {
        const { owner, repo } = req.params;
        repoKey(req.params);
        const gate = await gateService.applying(ctx, owner, repo);
        // Open without the token (access-guard), so a repository whose gate keeps the badge private
        // answers exactly as one the service never saw.
        if (!gate || Number(gate.badge_public) !== 1)
          throw errors.not_found('no public gate badge for this repository');
        const latest = await gatesRepo.latestDoneRun(ctx.db, owner, repo);
        const verdict = latest ? await verdictOf(ctx, Number(latest.id)) : null;
        return reply
          .type('image/svg+xml; charset=utf-8')
          .header('Cache-Control', 'no-cache, max-age=0')
          .send(gateBadgeSvg(verdict?.status ?? 'none'));
      },
    );
  };
}
