// Shapes of the monitor service's public API (docs/monitor-api.md, monitor-contract.md). Every answer's
// shape is the service's own declaration in src/shared-types/ (the routes' response schemas there),
// imported as types only, so the bundle never loads typebox; what is left here is derived or sent.
export type { ApiKey } from '../../../src/shared-types/api-key-shape.js';
export type { AuditEntry } from '../../../src/shared-types/audit-entry-shape.js';
export type {
  Me,
  MfaRequired,
  Session,
  SignInProviders,
  TokenPair,
} from '../../../src/shared-types/auth-shapes.js';
export type { Channel, Delivery } from '../../../src/shared-types/channel-shape.js';
export type { CheckResult } from '../../../src/shared-types/check-result-shape.js';
export type {
  Incident,
  IncidentDetail,
  IncidentStatus,
  IncidentUpdate,
  IncidentUpdateStatus,
} from '../../../src/shared-types/incident-shapes.js';
export type {
  BrowserStepAction,
  CheckDetails,
  JourneyStep,
  StepAssertion,
  StepCapture,
} from '../../../src/shared-types/journey-shapes.js';
export type { CheckResultEvent, StreamTicket } from '../../../src/shared-types/live-events.js';
export type { Maintenance } from '../../../src/shared-types/maintenance-shape.js';
export type {
  Monitor,
  MonitorConfig,
  MonitorStatus,
  MonitorType,
  TestOutcome,
} from '../../../src/shared-types/monitor-shapes.js';
export type { StatusPage, UptimeDays } from '../../../src/shared-types/status-page-shape.js';
export type { StatusSubscriber } from '../../../src/shared-types/status-subscriber-shape.js';
export type { ImportPreview, ImportResult } from '../../../src/shared-types/transfer-shapes.js';
export type {
  Enrolment as TwoFactorEnrolment,
  TwoFactorStatus,
} from '../../../src/shared-types/two-factor-shapes.js';
export type {
  RollupBucket,
  UptimeFigures,
  UptimeWindow,
} from '../../../src/shared-types/uptime-shapes.js';
export type { Role, User } from '../../../src/shared-types/user-shapes.js';

import type { StatusPage } from '../../../src/shared-types/status-page-shape.js';

/** The second sign-in step's factor: a current code or a recovery code. */
export type SecondFactor = { code: string } | { recovery_code: string };

/** A section of a status page: its monitors in display order. */
export type StatusPageSection = StatusPage['sections'][number];

/** What an admin writes to create or replace a status page: the page without what the service sets. */
export type StatusPageInput = Omit<StatusPage, 'id' | 'url' | 'config_key' | 'created_at' | 'updated_at'>;

export type {
  CreatedShareLink,
  ReportMonitor,
  ReportScopeKind,
  ShareLink,
  SlaReport,
} from '../../../src/shared-types/sla-report-shapes.js';
export * from './escalation-types.js';
