import { linkProps } from '../lib/router.js';

/** The run's Explorer and Duplicates tabs (issue 21), after Dashboard and Insights. */
export function TabLinks({ id, tab }: { id: number; tab: string | undefined }) {
  return (
    <>
      <a {...linkProps(`/analyses/${id}/explorer`)} aria-current={tab === 'explorer' ? 'page' : undefined}>
        Explorer
      </a>
      <a
        {...linkProps(`/analyses/${id}/duplicates`)}
        aria-current={tab === 'duplicates' ? 'page' : undefined}
      >
        Duplicates
      </a>
      <a {...linkProps(`/analyses/${id}/imports`)} aria-current={tab === 'imports' ? 'page' : undefined}>
        Imports
      </a>
    </>
  );
}
