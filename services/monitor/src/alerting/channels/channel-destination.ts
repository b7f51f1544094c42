import type { FieldProblem } from '@app/kit';
import { SECRET_MASK } from '../../platform/crypto/secret-box.js';
import { type ChannelType, providers } from '../notify/providers/index.js';

/**
 * When a write changes where a channel sends (a field of its provider's `destinationFields`),
 * every stored secret must come with a new value: sent back as the mask, or left out, it is a
 * problem naming the field. An admin who cannot read a token could otherwise point the channel at
 * a host of theirs and press "test".
 */
export function repointProblems(
  type: ChannelType,
  sent: Record<string, unknown>,
  previous: Record<string, unknown>,
): FieldProblem[] {
  const provider = providers[type];
  const moved = provider.destinationFields.filter(
    (f) => JSON.stringify(sent[f] ?? null) !== JSON.stringify(previous[f] ?? null),
  );
  if (moved.length === 0) return [];
  const where = moved.map((f) => `config.${f}`).join(', ');
  return provider.secretFields
    .filter((f) => typeof previous[f] === 'string' && (sent[f] === SECRET_MASK || sent[f] === undefined))
    .map((f) => ({
      path: `config.${f}`,
      message: `must be entered again: the destination changed (${where})`,
    }));
}
