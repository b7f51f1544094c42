// Escalation policies, incident notes and message templates of the monitor API (issue 14).

/** One step of an escalation policy: minutes after the incident opened, and who is told. */
export interface EscalationStep {
  after_minutes: number;
  channel_ids: number[];
}

/** GET /api/escalation-policies. `repeat`: false once, N more rounds, true until acknowledged. */
export interface EscalationPolicy {
  id: number;
  name: string;
  steps: EscalationStep[];
  repeat: boolean | number;
  monitor_count: number;
  group_count: number;
  created_at: string;
  updated_at: string;
}

/** A note on an incident's internal timeline. */
export interface IncidentNote {
  id: number;
  incident_id: number;
  author: string;
  text: string;
  created_at: string;
}

export type TemplateEvent = 'down' | 'up' | 'degraded' | 'tls' | 'escalation';

/** A channel's message for one event: its own (custom) or the built-in one. */
export interface MessageTemplate {
  event: TemplateEvent;
  title: string;
  body: string;
  custom: boolean;
  updated_at: string | null;
}

/** One documented template variable (GET /api/channels/templates/variables). */
export interface TemplateVariable {
  name: string;
  description: string;
  list: boolean;
}
