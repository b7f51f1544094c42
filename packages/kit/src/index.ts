export { WakeableSleep } from './async/wakeable-sleep.js';
export { bool, type Field, int, oneOf, redactUrl, str, url } from './config/env-fields.js';
export { ConfigError, type ConfigOf, loadConfig } from './config/load-config.js';
export { ensureWritableDir, StartupError } from './db/data-dir.js';
export { columnTypes, type DialectName } from './db/dialect.js';
export {
  type AppMigration,
  type Database,
  type OpenDatabaseOptions,
  openDatabase,
} from './db/open-database.js';
export { PgRelay, type PgRelayOptions } from './db/pg-relay.js';
export { databaseReadiness, type ReadinessCheck, readinessAnswer } from './db/readiness.js';
export {
  commonProblems,
  defineErrors,
  type FieldProblem,
  HttpProblem,
  type ProblemBody,
  type ProblemSpec,
} from './errors/problem.js';
export { problemFrameworkErrors } from './http/client-errors.js';
export { installControlGuard } from './http/control-guard.js';
export { type HttpEdgeOptions, httpEdgeOptions, installHttpEdge } from './http/http-edge.js';
export { humanMessage, PATTERN_MESSAGE, withSchemas } from './http/human-message.js';
export { hardenSchema, MULTILINE } from './http/input-grammar.js';
export { fieldProblems, installProblemHandler } from './http/problem-handler.js';
export { ProblemSchema, problems } from './http/problem-schema.js';
export { nextLink, parseTimeRange } from './http/query-helpers.js';
export { SWAGGER_UI_CSP, UI_CSP } from './http/security-headers.js';
export { strictValidation } from './http/strict-validation.js';
export { valueProblems } from './http/value-problems.js';
export { createLogger, type Logger } from './log/logger.js';
export {
  isSecretQueryParam,
  queryParamName,
  REDACTED,
  type RedactOptions,
  SECRET_QUERY_PARAMS,
  secretScrubber,
} from './log/redact.js';
export {
  newProcessOwner,
  ownerProcessGone,
  processOwnerOf,
  releaseProcessOwner,
} from './process/process-owner.js';
export { startService } from './process/start-service.js';
export { formatSseComment, formatSseEvent, type SseEvent } from './sse/format-event.js';
export { SseStream, type SseStreamOptions } from './sse/sse-stream.js';
