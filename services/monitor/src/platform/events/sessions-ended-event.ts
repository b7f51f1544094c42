/**
 * Published (after the commit) whenever sessions of a user end: sign-out, session revoke, revoke
 * others, password change or reset, two-factor enrolment, user deletion, a refresh token replayed.
 * An internal event: it travels to every instance through the relay, never to a dashboard. Declared
 * here, with the bus, so the bus's own lists (internal events) need no identity module.
 */
export const SESSIONS_ENDED_EVENT = 'auth.sessions_ended';

/** The event's data: whose sessions ended (the database says which). */
export interface SessionsEndedData {
  user_id: number;
}
