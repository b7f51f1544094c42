// One entry of the audit log as GET /api/audit-log answers it.
import { type Static, Type } from 'typebox';
import { IsoDateTime } from './schema-parts.js';

export const AuditEntry = Type.Object({
  id: Type.Integer(),
  at: IsoDateTime,
  actor_type: Type.String(),
  actor_id: Type.Union([Type.Integer(), Type.Null()]),
  actor_name: Type.Union([Type.String(), Type.Null()]),
  action: Type.String(),
  resource_type: Type.Union([Type.String(), Type.Null()]),
  resource_id: Type.Union([Type.String(), Type.Null()]),
  ip: Type.Union([Type.String(), Type.Null()]),
  detail: Type.Union([Type.Unknown(), Type.Null()]),
});

export type AuditEntry = Static<typeof AuditEntry>;
