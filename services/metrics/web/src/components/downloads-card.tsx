import { downloadUrl } from '../api/client.js';

const LEVELS = [
  ['file', 'Files CSV'],
  ['class', 'Classes CSV'],
  ['function', 'Functions CSV'],
  ['summary', 'Summary CSV'],
  ['all', 'Everything (ZIP)'],
] as const;

/** Download links for each level's CSV and the ZIP bundle. */
export function Downloads({ id }: { id: number }) {
  return (
    <section className="card" aria-labelledby="downloads-title">
      <h2 id="downloads-title">Downloads</h2>
      <div className="buttons">
        {LEVELS.map(([level, label]) => (
          <a key={level} className="button" href={downloadUrl(id, level)} download data-level={level}>
            ⤓ {label}
          </a>
        ))}
      </div>
    </section>
  );
}
