// Schema parts every shared shape uses. Typebox only: the web UI imports these files' types, never their
// values (it would bundle typebox), so `import type` is the only way in from web/src.
import { Type } from 'typebox';

export const IsoDateTime = Type.String({ format: 'date-time' });

/** The key of the config file entry an object was applied from (docs/config-as-code.md); null: none. */
export const ConfigKey = Type.Union([Type.String(), Type.Null()], {
  description:
    'The config file key of an object a file manages (its next apply undoes edits made here); null: none',
});
