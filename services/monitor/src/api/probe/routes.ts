import { SseStream } from '@app/kit';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { followAssignments } from '../../engine/probe-ingest/assignment-feed.js';
import { listAssignments, parseIds } from '../../engine/probe-ingest/assignments.js';
import { gunzipBody } from '../../engine/probe-ingest/gunzip-body.js';
import { recordHeartbeat } from '../../engine/probe-ingest/heartbeat.js';
import { ingestResults } from '../../engine/probe-ingest/ingest-results.js';
import { errors } from '../../errors.js';
import { problems } from '../../platform/http/schemas.js';
import type { LocationRow } from '../../store/repos/locations-repo.js';
import {
  AssignmentsQuery,
  AssignmentsResponse,
  HeartbeatBody,
  HeartbeatResponse,
  ResultsBody,
  ResultsResponse,
} from './schema.js';

const tags = ['probe'];
const security = [{ bearer: [] }];
const probe = { auth: { role: 'probe' as const } };
/** A results batch: 5,000 results fit easily; the limit holds for the inflated body of a gzip one too. */
const RESULTS_BODY_LIMIT = 8 * 1024 * 1024;

function locationOf(req: FastifyRequest): LocationRow {
  if (!req.probeLocation) throw errors.unauthorized('A probe token is required.');
  return req.probeLocation;
}

export interface ProbeRoutesOptions {
  keepAliveMs?: number;
}

/** What a probe may do (Authorization: Bearer mon_probe_…): its assignments, their changes, results, heartbeat. */
export function probeRoutes(ctx: AppContext, opts: ProbeRoutesOptions = {}): FastifyPluginAsyncTypebox {
  return async (app) => {
    const open = new Set<SseStream>();
    app.addHook('preClose', async () => {
      for (const s of open) s.close();
    });
    app.get(
      '/api/probe/assignments',
      {
        config: probe,
        schema: {
          tags,
          security,
          querystring: AssignmentsQuery,
          response: { 200: AssignmentsResponse, ...problems(400, 401, 403) },
        },
      },
      (req) => {
        const ids = parseIds(req.query.ids);
        if (typeof ids === 'string') throw errors.bad_request(ids);
        return listAssignments(ctx, locationOf(req), ids ?? undefined);
      },
    );
    app.get(
      '/api/probe/stream',
      {
        config: probe,
        schema: {
          tags,
          security,
          response: { ...problems(401, 403) },
          description:
            'text/event-stream: `assignment` ({id, version}; version null: no longer assigned) after any change of a monitor of this location, `resync` when events were missed (fetch everything), a comment every 15 s.',
        },
      },
      async (req, reply) => {
        const location = locationOf(req);
        reply.hijack();
        let stop = () => {};
        const stream = new SseStream(reply.raw, {
          keepAliveMs: opts.keepAliveMs ?? 15_000,
          onClose: () => {
            stop();
            open.delete(stream);
          },
        });
        open.add(stream);
        stream.comment('connected');
        const unfollow = await followAssignments(ctx, location, {
          assignment: (data) => stream.send({ event: 'assignment', data }),
          resync: () => stream.send({ event: 'resync', data: { reason: 'events_missed' } }),
          end: () => stream.close(),
        });
        if (stream.closed) unfollow();
        else stop = unfollow;
      },
    );
    app.post(
      '/api/probe/results',
      {
        config: probe,
        bodyLimit: RESULTS_BODY_LIMIT,
        preParsing: gunzipBody,
        schema: {
          tags,
          security,
          body: ResultsBody,
          response: { 200: ResultsResponse, ...problems(400, 401, 403, 413, 415) },
          description:
            'A batch of results (Content-Encoding: gzip accepted). A batch_id sent again answers duplicate: true and stores nothing.',
        },
      },
      (req) => ingestResults(ctx, locationOf(req), req.body),
    );
    app.post(
      '/api/probe/heartbeat',
      {
        config: probe,
        schema: {
          tags,
          security,
          body: HeartbeatBody,
          response: { 200: HeartbeatResponse, ...problems(400, 401, 403) },
        },
      },
      (req) => recordHeartbeat(ctx, locationOf(req), req.body),
    );
  };
}
