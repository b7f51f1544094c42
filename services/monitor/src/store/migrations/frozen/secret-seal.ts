import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/*
 * A migration's own copy of the `enc:v1:` secret format (platform/crypto/secret-box.ts), frozen as
 * the migrations 032 and 065 wrote it. A migration must not change when the domain evolves: it
 * converts the data of one moment, and the store imports no domain module. Do not edit; a new
 * format gets a new migration.
 */

const PREFIX = 'enc:v1:';

/** What a credential reads as once sealed away. */
export const FROZEN_SECRET_MASK = '********';

/** AES-256-GCM with a random 12-byte IV: `enc:v1:<iv>:<tag>:<ciphertext>` (base64url parts). */
export function sealText(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return `${PREFIX}${iv.toString('base64url')}:${tag.toString('base64url')}:${body.toString('base64url')}`;
}

/** Reverses sealText; throws when the text was not made with this key (tampered or key changed). */
export function openText(key: Buffer, stored: string): string {
  if (!stored.startsWith(PREFIX)) throw new Error('not an encrypted secret');
  const [iv, tag, body] = stored.slice(PREFIX.length).split(':');
  if (!iv || !tag || body === undefined) throw new Error('malformed encrypted secret');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

/** The `secrets` column: null when there is nothing to keep. */
export function sealSecretsColumn(key: Buffer, secrets: object): string | null {
  return Object.keys(secrets).length === 0 ? null : sealText(key, JSON.stringify(secrets));
}

/** Reverses sealSecretsColumn. */
export function openSecretsColumn(key: Buffer, stored: string | null): Record<string, unknown> {
  return stored === null ? {} : (JSON.parse(openText(key, stored)) as Record<string, unknown>);
}
