import { Type } from 'typebox';

// The queries of docs/metrics-service.md "History insights"; the answers' shapes are shared with the web UI.
export {
  CodeAgeResponse,
  CouplingResponse,
  HistoryState,
  HotspotsResponse,
  KnowledgeResponse,
} from '../../shared-types/insight-shapes.js';

const Paging = {
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 50 })),
  offset: Type.Optional(Type.Integer({ minimum: 0, default: 0 })),
};

export const HotspotsQuery = Type.Object(
  {
    by: Type.Optional(Type.Union([Type.Literal('cc'), Type.Literal('cognitive')], { default: 'cc' })),
    ...Paging,
    folder: Type.Optional(
      Type.String({ maxLength: 500, description: "Only files under this folder ('pkg' or 'pkg/sub')." }),
    ),
  },
  { additionalProperties: false },
);

export const CouplingQuery = Type.Object(
  {
    ...Paging,
    path: Type.Optional(Type.String({ maxLength: 500, description: 'Only pairs containing this file.' })),
  },
  { additionalProperties: false },
);
