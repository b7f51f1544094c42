import { errors } from '../../errors.js';

/** Fields of issue 14's conditions that are not stored as sent. */
export interface ConditionAliases {
  /** The API's other name for `tls_warn_days` (the wording); both are accepted. */
  tls_alert_days?: number | undefined;
  tls_warn_days?: number | undefined;
}

/** Maps `tls_alert_days` onto `tls_warn_days`; sending both with different values is a 422. */
export function withConditionAliases<T extends ConditionAliases>(input: T): Omit<T, 'tls_alert_days'> {
  const { tls_alert_days, ...rest } = input;
  if (tls_alert_days === undefined) return rest;
  if (rest.tls_warn_days !== undefined && rest.tls_warn_days !== tls_alert_days) {
    throw errors.validation_failed(
      'tls_alert_days and tls_warn_days are the same setting: send one, or the same value.',
      {
        errors: [{ path: 'tls_alert_days', message: `differs from tls_warn_days (${rest.tls_warn_days})` }],
      },
    );
  }
  return { ...rest, tls_warn_days: tls_alert_days };
}
