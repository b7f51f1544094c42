// Schema parts every shared shape uses. Typebox only: the web UI imports these files' types, never their
// values (it would bundle typebox), so `import type` is the only way in from web/src.
import { Type } from 'typebox';

export const IsoDateTime = Type.String({ format: 'date-time' });
