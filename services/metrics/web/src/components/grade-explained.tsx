import type { Grade } from '../../../src/shared-types/grade.js';

/**
 * The grade's formula written out under the KPIs: each input's value, how it is computed and how
 * many points it took off the score, the biggest loss first, so "why a C" is answered on the page.
 */
export function GradeExplained({ grade }: { grade: Grade }) {
  if (grade.parts.length === 0) return null;
  const n = grade.parts.length;
  const worst = [...grade.parts].sort((a, b) => b.lost - a.lost);
  const top = worst[0];
  return (
    <section className="card grade-explained" aria-labelledby="grade-formula-title">
      <h2 id="grade-formula-title">How the grade is computed</h2>
      <p className="formula">
        score = ({grade.parts.map((p) => p.name).join(' + ')}) / {n} ={' '}
        <strong>{grade.score.toFixed(1)}</strong> → grade <strong>{grade.letter}</strong>{' '}
        <span className="muted">(A ≥ 85, B ≥ 70, C ≥ 55, D ≥ 40, else F)</span>
      </p>
      <table className="table">
        <thead>
          <tr>
            <th scope="col">Input</th>
            <th scope="col">How</th>
            <th scope="col" className="num">
              Value /100
            </th>
            <th scope="col" className="num">
              Points lost
            </th>
          </tr>
        </thead>
        <tbody>
          {worst.map((p) => (
            <tr key={p.name} data-part={p.name}>
              <th scope="row">{p.name}</th>
              <td>{p.formula}</td>
              <td className="num">{p.value.toFixed(1)}</td>
              <td className="num">{p.lost > 0 ? `−${p.lost.toFixed(1)}` : '0'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {top && top.lost > 0 && (
        <p className="muted small" data-testid="grade-lowered-most">
          Lowered most by {top.name}: −{top.lost.toFixed(1)} points.
        </p>
      )}
    </section>
  );
}
