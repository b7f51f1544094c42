import { FindingsPage } from './findings-view.js';
import { SourcePage } from './source-view.js';

/** The run's code views: the findings list (`/findings`) or one file's source (`/source?path=`). */
export function CodeSection(props: { id: number; which: 'findings' | 'source'; query: URLSearchParams }) {
  return props.which === 'findings' ? (
    <FindingsPage id={props.id} query={props.query} />
  ) : (
    <SourcePage id={props.id} query={props.query} />
  );
}
