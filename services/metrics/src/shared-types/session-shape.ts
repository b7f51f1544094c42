// What GET /api/session and the sign-in answer: whether a token is needed and what this browser may do.
import { type Static, Type } from 'typebox';

export const SessionState = Type.Object({
  required: Type.Boolean({ description: 'Whether the service has an access token (METRICS_API_TOKEN).' }),
  authenticated: Type.Boolean({ description: 'Whether this request carries a live session cookie.' }),
  admin: Type.Boolean({ description: 'Whether this request may delete runs (see METRICS_ADMIN_TOKEN).' }),
  admin_configured: Type.Boolean({ description: 'Whether an admin token exists (METRICS_ADMIN_TOKEN).' }),
});

export type SessionState = Static<typeof SessionState>;
