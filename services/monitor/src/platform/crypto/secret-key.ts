import { hkdfSync, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from '@app/kit';

export interface DerivedKeys {
  /** HMAC key for access tokens. */
  jwt: Uint8Array;
  /** AES-256-GCM key for channel secrets at rest. */
  encryption: Buffer;
  /** HMAC key for status page unsubscribe links (the token is recomputed, never stored). */
  subscriptions: Buffer;
  /** HMAC key for on-call acknowledgement links and contact-method verification codes (issue 33). */
  onCall: Buffer;
}

/**
 * SECRET_KEY when given, else a key generated once and kept in DATA_DIR (so restarts keep sessions
 * valid). Separate keys are derived per purpose so a leak of one use does not expose the other.
 */
export function loadSecretKeys(secretKey: string | undefined, dataDir: string, log: Logger): DerivedKeys {
  let secret = secretKey;
  if (!secret) {
    const file = join(dataDir, 'secret.key');
    if (existsSync(file)) {
      secret = readFileSync(file, 'utf8').trim();
    } else {
      secret = randomBytes(32).toString('base64url');
      writeFileSync(file, `${secret}\n`, { mode: 0o600 });
      log.warn(
        { file },
        'SECRET_KEY is not set: generated one and stored it in DATA_DIR; keep that file safe',
      );
    }
  }
  const derive = (info: string) => Buffer.from(hkdfSync('sha256', secret, 'monitor', info, 32));
  return {
    jwt: new Uint8Array(derive('jwt-access')),
    encryption: derive('channel-secrets'),
    subscriptions: derive('status-unsubscribe'),
    onCall: derive('on-call-links'),
  };
}
