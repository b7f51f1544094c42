// What the config-as-code routes answer (docs/config-as-code.md): a plan and an apply's outcome.
import { type Static, Type } from 'typebox';

const Kind = Type.Union([
  Type.Literal('location'),
  Type.Literal('group'),
  Type.Literal('tag'),
  Type.Literal('channel'),
  Type.Literal('template'),
  Type.Literal('escalation_policy'),
  Type.Literal('monitor'),
  Type.Literal('maintenance'),
  Type.Literal('status_page'),
]);
export const PlanFieldChange = Type.Object({
  field: Type.String(),
  before: Type.Optional(Type.Unknown()),
  after: Type.Optional(Type.Unknown()),
  secret: Type.Optional(
    Type.Literal(true, { description: 'A credential changed; its values are never shown' }),
  ),
});
export const PlanChange = Type.Object({
  kind: Kind,
  key: Type.String(),
  name: Type.String(),
  action: Type.Union([Type.Literal('create'), Type.Literal('update'), Type.Literal('delete')]),
  id: Type.Union([Type.Integer(), Type.String(), Type.Null()], {
    description: "A location's id is its slug, a template's `<channel id>/<event>`",
  }),
  fields: Type.Array(PlanFieldChange),
});
export const PlanSummary = Type.Object({
  create: Type.Integer(),
  update: Type.Integer(),
  delete: Type.Integer(),
  unchanged: Type.Integer(),
  left_alone: Type.Integer({ description: 'Objects here the file does not name, left as they are' }),
});
export const ConfigPlan = Type.Object({
  fingerprint: Type.String({ description: 'Send it with the apply: it refuses if anything changed since' }),
  prune: Type.Boolean(),
  summary: PlanSummary,
  changes: Type.Array(PlanChange),
});
export const ConfigApplyResult = Type.Object({
  applied: Type.Boolean({ description: 'false: there was nothing to change' }),
  summary: PlanSummary,
  changes: Type.Array(PlanChange),
});
export type ConfigPlan = Static<typeof ConfigPlan>;
export type ConfigApplyResult = Static<typeof ConfigApplyResult>;
