import { MULTILINE } from '@app/kit';
import { Type } from 'typebox';
import { IsoDateTime } from '../../platform/http/schemas.js';
import { IncidentStatusSchema, UpdateStatusSchema } from '../../shared-types/incident-shapes.js';

// The answers' shapes are shared with the web UI.
export {
  Incident,
  IncidentDetail,
  IncidentStatusSchema,
  IncidentUpdate,
  UpdateStatusSchema,
} from '../../shared-types/incident-shapes.js';

// Free text written by people: it may span lines (tab, LF and CR; other control characters are refused).
const Message = Type.String({ minLength: 1, maxLength: 5000, [MULTILINE]: true });
const Postmortem = Type.String({ minLength: 1, maxLength: 50_000, [MULTILINE]: true });

export const IncidentUpdateBody = Type.Object(
  { status: UpdateStatusSchema, message: Message },
  { additionalProperties: false },
);

export const ResolveBody = Type.Object(
  { message: Type.Optional(Message), postmortem: Type.Optional(Postmortem) },
  { additionalProperties: false },
);

export const PostmortemBody = Type.Object(
  { postmortem: Type.Union([Postmortem, Type.Null()], { description: 'null removes it' }) },
  { additionalProperties: false },
);

export const IncidentsQuery = Type.Object(
  {
    monitor_id: Type.Optional(Type.Integer({ minimum: 1 })),
    status: Type.Optional(IncidentStatusSchema),
    from: Type.Optional(IsoDateTime),
    to: Type.Optional(IsoDateTime),
    before_id: Type.Optional(
      Type.Integer({ minimum: 1, description: 'Page cursor: incidents older than this id' }),
    ),
    limit: Type.Optional(Type.Integer({ minimum: 1, default: 100 })),
  },
  { additionalProperties: false },
);
