import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const PREFIX = 'enc:v1:';

/** What a secret reads as through the API. Sending it back in a write keeps the stored value. */
export const SECRET_MASK = '********';

/** AES-256-GCM with a random 12-byte IV: `enc:v1:<iv>:<tag>:<ciphertext>` (base64url parts). */
export function encryptSecret(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return `${PREFIX}${iv.toString('base64url')}:${tag.toString('base64url')}:${body.toString('base64url')}`;
}

/** Reverses encryptSecret; throws when the text was not made with this key (tampered or key changed). */
export function decryptSecret(key: Buffer, stored: string): string {
  if (!stored.startsWith(PREFIX)) throw new Error('not an encrypted secret');
  const [iv, tag, body] = stored.slice(PREFIX.length).split(':');
  if (!iv || !tag || body === undefined) throw new Error('malformed encrypted secret');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}
