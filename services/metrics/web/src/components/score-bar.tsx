/** A value drawn as a bar beside its number; `share` is 0..1 of the bar's full width. */
export function ScoreBar({ share, colour, text }: { share: number; colour: string; text: string }) {
  const pct = Math.max(0, Math.min(1, share)) * 100;
  return (
    <span className="score">
      <span className="bar" aria-hidden="true">
        <span className="bar-fill" style={{ width: `${pct}%`, background: colour }} />
      </span>
      <span className="score-text">{text}</span>
    </span>
  );
}
