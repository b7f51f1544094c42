import type { IncomingMessage } from 'node:http';
import { createGunzip } from 'node:zlib';
import type { FastifyRequest } from 'fastify';
import { errors } from '../../errors.js';

type BodyStream = NodeJS.ReadableStream & { receivedEncodedLength?: number };

/**
 * A route's preParsing hook for `Content-Encoding: gzip` request bodies: the body is inflated as it
 * streams, so the route's bodyLimit bounds the inflated size (a small bomb cannot blow up in
 * memory) and the compressed size alike (`receivedEncodedLength`, which Fastify checks).
 */
export async function gunzipBody(
  req: FastifyRequest,
  _reply: unknown,
  payload: IncomingMessage | BodyStream,
) {
  const encoding = String(req.headers['content-encoding'] ?? 'identity')
    .trim()
    .toLowerCase();
  if (encoding === 'identity' || encoding === '') return payload;
  if (encoding !== 'gzip') {
    throw errors.unsupported_media_type(
      `Content-Encoding "${encoding}" is not supported: send gzip or nothing.`,
    );
  }
  const gunzip = createGunzip() as ReturnType<typeof createGunzip> & BodyStream;
  gunzip.receivedEncodedLength = 0;
  payload.on('data', (chunk: Buffer) => {
    gunzip.receivedEncodedLength! += chunk.length;
  });
  payload.on('error', (err) => gunzip.destroy(err));
  gunzip.on('error', (err) => {
    // A body that is not gzip: the parser reports it as a bad request.
    Object.assign(err, { statusCode: 400 });
  });
  payload.pipe(gunzip);
  return gunzip;
}
