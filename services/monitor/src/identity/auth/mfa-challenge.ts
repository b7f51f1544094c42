import { twoFactorRepo } from '../../store/repos/two-factor-repo.js';
import type { Db } from '../../store/schema.js';
import { randomToken, sha256 } from './secrets.js';

/** How long the second step may follow the password. */
export const MFA_CHALLENGE_SECONDS = 300;
/** The challenge a correct password earns a user with two-factor on; only its hash is stored. */
export async function openMfaChallenge(db: Db, userId: number): Promise<string> {
  const token = randomToken();
  const now = Date.now();
  await twoFactorRepo.insertChallenge(db, {
    token_hash: sha256(token),
    user_id: userId,
    created_at: now,
    expires_at: now + MFA_CHALLENGE_SECONDS * 1000,
  });
  return token;
}
