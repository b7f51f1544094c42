import { PATTERN_MESSAGE } from '@app/kit';
import { Type } from 'typebox';
import { TagValue } from '../../shared-types/group-shapes.js';
import { alertFields, conditionFields, configFields, locationFields, nullable } from './monitor-fields.js';

// What a monitor write accepts (POST, PUT, PATCH, the test check) and what an import entry is
// checked against, so both validate alike: the API's routes and operations/transfer use these.

const optionalLocations = {
  location_ids: Type.Optional(locationFields.location_ids),
  quorum: Type.Optional(locationFields.quorum),
};

const optionalConditions = {
  depends_on: Type.Optional(conditionFields.depends_on),
  tls_alert_days: Type.Optional(conditionFields.tls_alert_days),
};

const optionalAlert = {
  channel_ids: Type.Optional(alertFields.channel_ids),
  reminder_interval_minutes: Type.Optional(alertFields.reminder_interval_minutes),
  escalation_policy_id: Type.Optional(alertFields.escalation_policy_id),
};

/** Where a monitor sits and how it is tagged (issue 14, groups and tags). */
export const TagName = Type.String({
  minLength: 1,
  maxLength: 50,
  pattern: '^[^:]+$',
  [PATTERN_MESSAGE]: 'must not contain a colon (filters read name:value)',
  description: 'No colon: filters read `name:value`',
});
const membershipFields = {
  group_id: Type.Optional(
    nullable(Type.Integer({ minimum: 1, description: 'The monitor’s group (null: none)' })),
  ),
  tags: Type.Optional(
    Type.Array(
      Type.Union([
        Type.Object(
          { tag_id: Type.Integer({ minimum: 1 }), value: Type.Optional(TagValue) },
          { additionalProperties: false },
        ),
        Type.Object({ name: TagName, value: Type.Optional(TagValue) }, { additionalProperties: false }),
      ]),
      { maxItems: 50, description: 'Tags by id, or by name (a new name creates the tag with a grey colour)' },
    ),
  ),
};

const optional = Object.fromEntries(Object.entries(configFields).map(([k, v]) => [k, Type.Optional(v)])) as {
  [K in keyof typeof configFields]: ReturnType<typeof Type.Optional<(typeof configFields)[K]>>;
};

/** POST and PUT (a full replacement: omitted fields take their defaults). */
export const MonitorBody = Type.Object(
  {
    ...optional,
    ...optionalAlert,
    ...membershipFields,
    ...optionalConditions,
    ...optionalLocations,
    name: configFields.name,
  },
  { additionalProperties: false },
);
/** PATCH: any subset. */
export const MonitorPatch = Type.Object(
  { ...optional, ...optionalAlert, ...membershipFields, ...optionalConditions, ...optionalLocations },
  { additionalProperties: false, minProperties: 1 },
);

/** POST /api/monitors/test: create's fields (the name optional) and the monitor being edited, if any. */
export const MonitorTestBody = Type.Object(
  {
    ...optional,
    ...optionalAlert,
    ...optionalConditions,
    ...membershipFields,
    ...optionalLocations,
    monitor_id: Type.Optional(
      Type.Integer({
        minimum: 1,
        description: 'The monitor being edited: masked credentials in the body stand for its stored ones',
      }),
    ),
  },
  { additionalProperties: false },
);
