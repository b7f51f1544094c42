import { Type } from 'typebox';
import {
  EscalationRepeat as Repeat,
  EscalationStep as Step,
} from '../../shared-types/escalation-policy-shape.js';

// The answer's shape is shared with the web UI.
export { EscalationPolicy as Policy } from '../../shared-types/escalation-policy-shape.js';

export const PolicyBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100 }),
    steps: Type.Array(Step, { minItems: 1, maxItems: 20 }),
    repeat: Type.Optional(Repeat),
  },
  { additionalProperties: false },
);
