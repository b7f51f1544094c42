import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';

export const ACCESS_TOKEN_SECONDS = 15 * 60;
export const REFRESH_TOKEN_SECONDS = 30 * 24 * 3600;

/** Signs a 15-minute HS256 access token for a user. */
export function signAccessToken(key: Uint8Array, userId: number): Promise<string> {
  return new SignJWT({ typ: 'access' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(userId))
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TOKEN_SECONDS}s`)
    .sign(key);
}

/** The user id of a valid access token, or a reason it is not valid. */
export async function verifyAccessToken(
  key: Uint8Array,
  token: string,
): Promise<{ userId: number } | { error: string }> {
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
    const userId = Number(payload.sub);
    if (payload.typ !== 'access' || !Number.isInteger(userId)) return { error: 'not an access token' };
    return { userId };
  } catch (e) {
    if (e instanceof joseErrors.JWTExpired) return { error: 'the access token has expired' };
    return { error: 'the access token is not valid' };
  }
}
