import { useId } from 'react';
import type { Monitor } from '../api/types.js';

/** Which monitors a window covers: every one, or the ones ticked (the API's empty list means every). */
export interface Scope {
  all: boolean;
  ids: number[];
}

/** The message when "Chosen monitors" has none ticked, or null. */
export function scopeProblem(s: Scope): string | null {
  return !s.all && s.ids.length === 0 ? 'Tick at least one monitor, or choose “All monitors”.' : null;
}

/**
 * The window's scope as an explicit choice: "All monitors" or "Chosen monitors" with a checkbox
 * each. It replaced a Ctrl/Cmd-click multi-select where selecting nothing silently meant every
 * monitor, so a slip silenced everything.
 */
export function MaintenanceScopeField(props: {
  monitors: Monitor[];
  value: Scope;
  onChange(s: Scope): void;
  error?: string | undefined;
}) {
  const id = useId();
  const { all, ids } = props.value;
  const set = (next: Partial<Scope>) => props.onChange({ ...props.value, ...next });
  return (
    <fieldset className="field scope-field" aria-describedby={props.error ? `${id}-error` : undefined}>
      <legend>Applies to</legend>
      <label className="radio">
        <input type="radio" name={`${id}-scope`} checked={all} onChange={() => set({ all: true })} /> All
        monitors, including ones created later
      </label>
      <label className="radio">
        <input type="radio" name={`${id}-scope`} checked={!all} onChange={() => set({ all: false })} /> Chosen
        monitors
      </label>
      {!all && (
        <ul className="scope-monitors" aria-label="Monitors in the window">
          {props.monitors.map((m) => (
            <li key={m.id}>
              <label className="inline-check">
                <input
                  type="checkbox"
                  checked={ids.includes(m.id)}
                  onChange={(e) =>
                    set({ ids: e.target.checked ? [...ids, m.id] : ids.filter((x) => x !== m.id) })
                  }
                />{' '}
                {m.name}
              </label>
            </li>
          ))}
          {props.monitors.length === 0 && <li className="muted">No monitors yet.</li>}
        </ul>
      )}
      {props.error && (
        <small id={`${id}-error`} className="error-text" role="alert">
          {props.error}
        </small>
      )}
    </fieldset>
  );
}
