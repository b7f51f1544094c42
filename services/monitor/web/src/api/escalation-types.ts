// Escalation policies, incident notes and message templates of the monitor API (issue 14), as the
// service declares them.

export type {
  ContactMethod,
  QuietHours,
  VerificationSent,
} from '../../../src/shared-types/contact-method-shape.js';
export type {
  EscalationPolicy,
  EscalationStep,
} from '../../../src/shared-types/escalation-policy-shape.js';
export type { IncidentNote } from '../../../src/shared-types/incident-note-shape.js';
export type {
  OnCallNow,
  Schedule,
  ScheduleLayer,
  ScheduleOverride,
  TimelineEntry,
} from '../../../src/shared-types/schedule-shape.js';
export type {
  MessageTemplate,
  TemplateEvent,
  TemplateVariable,
} from '../../../src/shared-types/template-shapes.js';
