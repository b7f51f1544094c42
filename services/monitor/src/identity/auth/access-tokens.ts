import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';

export const ACCESS_TOKEN_SECONDS = 15 * 60;
export const REFRESH_TOKEN_SECONDS = 30 * 24 * 3600;

/**
 * What a valid access token says: whose it is, the user's token generation when it was issued, and
 * the session (refresh-token family) it was issued to.
 */
export interface AccessClaims {
  userId: number;
  generation: number;
  sessionId: string;
}

/** Signs a 15-minute HS256 access token for a user's session at their current token generation. */
export function signAccessToken(
  key: Uint8Array,
  userId: number,
  generation: number,
  sessionId: string,
): Promise<string> {
  return new SignJWT({ typ: 'access', gen: generation, sid: sessionId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(userId))
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TOKEN_SECONDS}s`)
    .sign(key);
}

/**
 * The claims of a valid access token, or a reason it is not valid. Besides the signature, a token
 * must carry `iat` and `exp` with a lifetime no longer than ours: a token signed with the key but
 * without expiry (a leaked signing path, a test tool) would otherwise be valid forever.
 */
export async function verifyAccessToken(
  key: Uint8Array,
  token: string,
): Promise<AccessClaims | { error: string }> {
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: ['HS256'],
      requiredClaims: ['exp', 'iat', 'sub'],
      // Also refuses an iat in the future.
      maxTokenAge: ACCESS_TOKEN_SECONDS,
    });
    const userId = Number(payload.sub);
    const generation = payload.gen;
    const sessionId = payload.sid;
    if (
      payload.typ !== 'access' ||
      !Number.isInteger(userId) ||
      !Number.isInteger(generation) ||
      typeof sessionId !== 'string'
    ) {
      return { error: 'not an access token' };
    }
    if (payload.exp! - payload.iat! > ACCESS_TOKEN_SECONDS) {
      return { error: 'the access token lives longer than this service issues them' };
    }
    return { userId, generation: generation as number, sessionId };
  } catch (e) {
    if (e instanceof joseErrors.JWTExpired) return { error: 'the access token has expired' };
    return { error: 'the access token is not valid' };
  }
}
