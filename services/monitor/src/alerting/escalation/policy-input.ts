import type { FieldProblem } from '@app/kit';
import { errors } from '../../errors.js';
import type { EscalationPolicyRow } from '../../store/repos/escalation-policies-repo.js';
import type { Db } from '../../store/schema.js';
import type { EscalationStep, PolicyPlan } from './policy-schedule.js';
import { targetProblems } from './step-targets.js';

/** What POST and PUT /api/escalation-policies take (after schema validation). */
export interface PolicyInput {
  name: string;
  steps: EscalationStep[];
  /** false/0: once; N: N more rounds; true: until acknowledged or resolved. */
  repeat?: boolean | number | undefined;
}

/** The stored repeat_count of the API's `repeat`. */
export const repeatCount = (repeat: PolicyInput['repeat']): number | null =>
  repeat === true ? null : repeat === false || repeat === undefined ? 0 : repeat;

/** The API's `repeat` of a stored repeat_count. */
export const repeatOf = (count: number | null): boolean | number =>
  count === null ? true : count === 0 ? false : count;

/** The policy's steps and repeat as the engine needs them. */
export function planOf(row: Pick<EscalationPolicyRow, 'steps' | 'repeat_count'>): PolicyPlan {
  return { steps: JSON.parse(row.steps) as EscalationStep[], repeat_count: row.repeat_count };
}

/**
 * The rules of a policy's steps that need no database: delays strictly increasing, a repeating
 * policy's first step not immediate. A config file's policies are checked by the same.
 */
export function stepOrderProblems(input: {
  steps: readonly { after_minutes: number }[];
  repeat?: PolicyInput['repeat'];
}): FieldProblem[] {
  const problems: FieldProblem[] = [];
  input.steps.forEach((s, i) => {
    const prev = input.steps[i - 1];
    if (prev && s.after_minutes <= prev.after_minutes) {
      problems.push({
        path: `steps.${i}.after_minutes`,
        message: `must be greater than the previous step's (${prev.after_minutes}): delays count from the incident's start`,
      });
    }
  });
  if (repeatCount(input.repeat) !== 0 && input.steps[0]?.after_minutes === 0) {
    problems.push({
      path: 'steps.0.after_minutes',
      message: 'must be above 0 when the policy repeats (each round starts that long after the last step)',
    });
  }
  return problems;
}

/**
 * Rules the schema cannot say: delays strictly increasing (they count from the incident's start),
 * a repeating policy's first step not immediate (it would land on the previous round's last), and
 * every channel existing. Throws a 422 naming each field.
 */
export async function validatePolicy(db: Db, input: PolicyInput): Promise<void> {
  const problems = stepOrderProblems(input);
  const ids = [...new Set(input.steps.flatMap((s) => s.channel_ids))];
  const found = new Set(
    ids.length === 0
      ? []
      : (
          await db
            .selectFrom('notification_channels')
            .select('id')
            .where('id', 'in', ids)
            .where('owner_user_id', 'is', null)
            .execute()
        ).map((r) => Number(r.id)),
  );
  input.steps.forEach((s, i) => {
    s.channel_ids.forEach((id, j) => {
      if (!found.has(id))
        problems.push({ path: `steps.${i}.channel_ids.${j}`, message: `channel ${id} does not exist` });
    });
  });
  problems.push(...(await targetProblems(db, input.steps)));
  if (problems.length > 0) {
    throw errors.validation_failed(
      `The escalation policy is invalid: ${problems.map((p) => `${p.path} ${p.message}`).join('; ')}.`,
      { errors: problems },
    );
  }
}
