import { PATTERN_MESSAGE } from '@app/kit';
import { type Static, Type } from 'typebox';
import { orNull } from './nullable.js';

const RoleName = Type.Union([Type.Literal('superadmin'), Type.Literal('admin'), Type.Literal('viewer')]);

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);

/** The settings object, as read (GET) and as stored; every key always present. */
export const SettingsView = Type.Object({
  data_retention_days: Type.Integer({
    minimum: 1,
    maximum: 3650,
    description: 'Raw check results older than this are pruned',
  }),
  app_base_url: Nullable(
    Type.String({ description: 'Where the dashboard is reachable; used for links in alerts' }),
  ),
  smtp_host: Nullable(Type.String()),
  smtp_port: Nullable(Type.Integer()),
  smtp_secure: Type.Boolean({
    description: 'TLS from the first byte (port 465); false uses STARTTLS when offered',
  }),
  smtp_username: Nullable(Type.String()),
  smtp_password: Nullable(
    Type.String({ description: 'Secret: reads as "********"; send that back to keep it' }),
  ),
  smtp_from: Nullable(Type.String()),
  status_subscriptions_channel_id: Nullable(
    Type.Integer({
      description:
        'The e-mail channel whose SMTP server and sender mail status page subscribers; null = subscriptions off',
    }),
  ),
  sla_target_percent: Type.Number({
    minimum: 0,
    maximum: 100,
    description: 'The SLA target of monitors without their own sla_target_percent (reports)',
  }),
  two_factor_required_roles: Type.Array(RoleName, {
    description:
      'Users of these roles must turn on two-factor sign-in: until they do, only enrolment, /api/auth/me and sign-out answer them (403 mfa_enrolment_required). API keys are not affected.',
  }),
});
export type Settings = Static<typeof SettingsView>;

/** A PUT body: any subset of the keys; unknown keys are a 422. */
export const SettingsPatch = Type.Object(
  {
    data_retention_days: Type.Optional(Type.Integer({ minimum: 1, maximum: 3650 })),
    app_base_url: Type.Optional(
      orNull(
        Type.String({
          minLength: 8,
          maxLength: 2048,
          pattern: '^[Hh][Tt][Tt][Pp][Ss]?://',
          [PATTERN_MESSAGE]: 'must be an http:// or https:// URL',
        }),
      ),
    ),
    smtp_host: Type.Optional(orNull(Type.String({ minLength: 1, maxLength: 255 }))),
    smtp_port: Type.Optional(orNull(Type.Integer({ minimum: 1, maximum: 65535 }))),
    smtp_secure: Type.Optional(Type.Boolean()),
    smtp_username: Type.Optional(orNull(Type.String({ minLength: 1, maxLength: 255 }))),
    smtp_password: Type.Optional(orNull(Type.String({ minLength: 1, maxLength: 1024 }))),
    smtp_from: Type.Optional(orNull(Type.String({ minLength: 3, maxLength: 1000 }))),
    status_subscriptions_channel_id: Type.Optional(orNull(Type.Integer({ minimum: 1 }))),
    two_factor_required_roles: Type.Optional(Type.Array(RoleName, { uniqueItems: true, maxItems: 3 })),
    sla_target_percent: Type.Optional(Type.Number({ minimum: 0, maximum: 100 })),
  },
  { additionalProperties: false },
);
export type SettingsPatchBody = Static<typeof SettingsPatch>;

export const SETTINGS_DEFAULTS: Settings = {
  data_retention_days: 90,
  app_base_url: null,
  smtp_host: null,
  smtp_port: null,
  smtp_secure: false,
  smtp_username: null,
  smtp_password: null,
  smtp_from: null,
  status_subscriptions_channel_id: null,
  two_factor_required_roles: [],
  sla_target_percent: 99.9,
};

/** Settings stored encrypted and read masked. */
export const SECRET_SETTINGS: ReadonlySet<keyof Settings> = new Set(['smtp_password']);
