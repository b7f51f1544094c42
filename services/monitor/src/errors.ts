import { commonProblems, defineErrors } from '@app/kit';

/** The monitor service's one error catalogue: `code` values are stable API. */
export const errors = defineErrors({
  ...commonProblems,
  invalid_credentials: { status: 401, title: 'Invalid credentials' },
  invalid_token: { status: 401, title: 'Invalid token' },
  password_change_required: { status: 403, title: 'Password change required' },
  password_login_disabled: { status: 403, title: 'Password sign-in disabled' },
  mfa_enrolment_required: { status: 403, title: 'Two-factor enrolment required' },
  two_factor_already_enabled: { status: 409, title: 'Two-factor sign-in already on' },
  two_factor_not_enabled: { status: 409, title: 'Two-factor sign-in not on' },
  two_factor_not_pending: { status: 409, title: 'No two-factor enrolment pending' },
  api_key_not_allowed: { status: 403, title: 'API key not allowed' },
  last_superadmin: { status: 409, title: 'Last superadmin' },
  username_taken: { status: 409, title: 'Username taken' },
  channel_name_taken: { status: 409, title: 'Channel name taken' },
  delivery_failed: { status: 502, title: 'Notification delivery failed' },
  monitor_paused: { status: 409, title: 'Monitor paused' },
  heartbeat_not_checkable: { status: 409, title: 'Heartbeat monitors are not checked' },
  slug_taken: { status: 409, title: 'Slug taken' },
  policy_name_taken: { status: 409, title: 'Escalation policy name taken' },
  group_name_taken: { status: 409, title: 'Group name taken' },
  tag_name_taken: { status: 409, title: 'Tag name taken' },
});
