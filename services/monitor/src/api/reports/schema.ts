import { Type } from 'typebox';
import { ReportScopeKind } from '../../shared-types/sla-report-shapes.js';

export { SlaReport } from '../../shared-types/sla-report-shapes.js';

/** What a report covers and over when; also what schedules and share links store. */
export const ReportQuery = Type.Object(
  {
    scope: Type.Optional(ReportScopeKind),
    scope_id: Type.Optional(
      Type.Integer({ minimum: 1, description: 'The monitor, group, tag or status page' }),
    ),
    period: Type.Optional(
      Type.String({ maxLength: 10, description: 'A month (2026-03), a quarter (2026-Q1) or a year (2026)' }),
    ),
    from: Type.Optional(Type.String({ maxLength: 40, description: 'With to, instead of period (ISO 8601)' })),
    to: Type.Optional(Type.String({ maxLength: 40 })),
    timezone: Type.Optional(
      Type.String({ maxLength: 64, description: 'Where months and quarters begin (IANA name; default UTC)' }),
    ),
    sla_target_percent: Type.Optional(
      Type.Number({ minimum: 0, maximum: 100, description: "Overrides every monitor's target" }),
    ),
  },
  { additionalProperties: false },
);
