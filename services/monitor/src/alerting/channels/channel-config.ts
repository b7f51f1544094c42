import type { FieldProblem } from '@app/kit';
import { decryptSecret, encryptSecret, SECRET_MASK } from '../../platform/crypto/secret-box.js';
import { type ChannelType, providers } from '../notify/providers/index.js';
import { repointProblems } from './channel-destination.js';
import { schemaProblems } from './schema-problems.js';

export type ChannelConfig = Record<string, unknown>;

/**
 * Validates a config sent by a client. A secret sent back as the mask means "keep what is
 * stored": it is replaced by the stored (decrypted) value first, so validation sees the real one.
 * Not when the destination changes: then secrets must be sent again (channel-destination.ts).
 */
export function resolveConfig(
  key: Buffer,
  type: ChannelType,
  sent: ChannelConfig,
  stored: { type: string; config: string } | null,
): { config: ChannelConfig; problems: FieldProblem[] } {
  const provider = providers[type];
  const config: ChannelConfig = { ...sent };
  const problems: FieldProblem[] = [];
  const previous = stored && stored.type === type ? (JSON.parse(stored.config) as ChannelConfig) : {};
  problems.push(...repointProblems(type, sent, previous));
  if (problems.length > 0) return { config, problems };
  for (const f of provider.secretFields) {
    if (config[f] !== SECRET_MASK) continue;
    const kept = previous[f];
    if (typeof kept === 'string') config[f] = decryptSecret(key, kept);
    else
      problems.push({ path: `config.${f}`, message: 'is the mask but no secret is stored: send the value' });
  }
  if (problems.length > 0) return { config, problems };
  problems.push(...schemaProblems(provider.schema, config, 'config'));
  if (problems.length === 0 && provider.validate) {
    for (const [field, message] of provider.validate(config))
      problems.push({ path: `config.${field}`, message });
  }
  return { config, problems };
}

/** The stored form: secret fields encrypted. */
export function sealConfig(key: Buffer, type: ChannelType, config: ChannelConfig): string {
  const out: ChannelConfig = { ...config };
  for (const f of providers[type].secretFields) {
    if (typeof out[f] === 'string') out[f] = encryptSecret(key, out[f] as string);
  }
  return JSON.stringify(out);
}

/** The usable form of a stored config: secrets decrypted. */
export function openConfig(key: Buffer, type: ChannelType, stored: string): ChannelConfig {
  const out = JSON.parse(stored) as ChannelConfig;
  for (const f of providers[type].secretFields) {
    if (typeof out[f] === 'string') out[f] = decryptSecret(key, out[f] as string);
  }
  return out;
}

/** The API form of a stored config: secrets replaced by the mask. */
export function maskConfig(type: ChannelType, stored: string): ChannelConfig {
  const out = JSON.parse(stored) as ChannelConfig;
  for (const f of providers[type].secretFields) {
    if (out[f] !== undefined && out[f] !== null) out[f] = SECRET_MASK;
  }
  return out;
}
