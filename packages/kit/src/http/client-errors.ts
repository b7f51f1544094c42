import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { commonProblems, defineErrors, type HttpProblem } from '../errors/problem.js';
import { RAW_SECURITY_HEADERS } from './security-headers.js';

const problems = defineErrors(commonProblems);

/** The problem for an error Fastify raises before any route or hook runs. Never echoes the URL: it may hold a secret. */
function frameworkProblem(err: FastifyError): HttpProblem {
  switch (err.code) {
    case 'FST_ERR_BAD_URL':
      return problems.malformed_url(
        'The URL has an invalid percent-encoding (a "%" not followed by two hex digits, or bytes that are not UTF-8).',
      );
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return problems.uri_too_long('A path segment of the URL is longer than this service accepts.');
    default:
      return problems.internal_error('Something went wrong; it has been logged.');
  }
}

function problemBytes(problem: HttpProblem): string {
  return JSON.stringify(problem.toBody());
}

/** The problem for an HTTP parse error Node reports on the socket (no request object exists yet). */
function clientProblem(err: NodeJS.ErrnoException): HttpProblem {
  switch (err.code) {
    case 'HPE_HEADER_OVERFLOW':
      return problems.header_fields_too_large(
        'The request line and headers together exceed the server limit (16 KiB): shorten the URL or the headers.',
      );
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return problems.request_timeout('The request was not received in time.');
    default:
      return problems.malformed_request('The request is not valid HTTP/1.1.');
  }
}

/**
 * Fastify options that answer the framework's own errors in the problem+json shape of the
 * catalogue: bad percent-encoding (400), over-long path parameters (414) from `frameworkErrors`,
 * and oversized headers (431), timeouts (408) and unparsable requests (400) from the server's
 * `clientError` event, which has only a socket to write to.
 */
export const problemFrameworkErrors: Pick<FastifyServerOptions, 'frameworkErrors' | 'clientErrorHandler'> = {
  frameworkErrors(err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
    const problem = frameworkProblem(err);
    if (problem.status >= 500) req.log.error({ err }, 'framework error');
    // No hook has run (the URL could not be routed), so the security headers are set here.
    reply.headers(RAW_SECURITY_HEADERS);
    reply.code(problem.status).type('application/problem+json').send(problemBytes(problem));
  },
  clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket) {
    // A reset connection has nobody to answer.
    if (err.code === 'ECONNRESET' || socket.destroyed) return;
    if (!socket.writable) {
      socket.destroy();
      return;
    }
    const problem = clientProblem(err);
    const body = problemBytes(problem);
    const head = [
      `HTTP/1.1 ${problem.status} ${STATUS_CODES[problem.status]}`,
      'Content-Type: application/problem+json; charset=utf-8',
      `Content-Length: ${Buffer.byteLength(body)}`,
      'Connection: close',
      ...Object.entries(RAW_SECURITY_HEADERS).map(([k, v]) => `${k}: ${v}`),
    ];
    socket.end(`${head.join('\r\n')}\r\n\r\n${body}`);
  },
};
