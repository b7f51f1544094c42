/** One step of a policy: who hears of the incident, and how long after it opened. */
export interface EscalationStep {
  after_minutes: number;
  channel_ids: number[];
  /** People paged through their verified contact methods (issue 33). */
  user_ids?: number[] | undefined;
  /** Schedules whose on-call person is paged when the step is due. */
  schedule_ids?: number[] | undefined;
}

/** A policy as the engine uses it (repeat: 0 once, N more rounds, null until acknowledged). */
export interface PolicyPlan {
  steps: EscalationStep[];
  repeat_count: number | null;
}

/** The escalation a policy sends as its n-th (0-based, counting repeated rounds). */
export interface PlannedEscalation {
  /** 0-based index into the steps. */
  index: number;
  round: number;
  /** Minutes after the incident opened. */
  minutes: number;
  step: EscalationStep;
}

/**
 * When the n-th escalation of an incident is due, or null when the policy has none left. A round
 * lasts as long as its last step's delay: round r sends step i at r × last + step i's minutes, as
 * if the incident had opened again when the last step went out.
 */
export function plannedEscalation(plan: PolicyPlan, n: number): PlannedEscalation | null {
  const len = plan.steps.length;
  if (len === 0 || n < 0) return null;
  const round = Math.floor(n / len);
  if (plan.repeat_count !== null && round > plan.repeat_count) return null;
  const index = n % len;
  const period = plan.steps[len - 1]!.after_minutes;
  // A round of no length would send everything at once, forever; validation refuses it.
  if (round > 0 && period <= 0) return null;
  const step = plan.steps[index]!;
  return { index, round, minutes: round * period + step.after_minutes, step };
}
