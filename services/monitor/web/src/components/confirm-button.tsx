import { useEffect, useRef, useState } from 'react';

/** A destructive action that asks inline ("Delete? Yes / No") instead of a browser dialog. */
export function ConfirmButton(props: {
  label: string;
  question?: string;
  onConfirm(): void | Promise<void>;
}) {
  const [asking, setAsking] = useState(false);
  const yes = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (asking) yes.current?.focus();
  }, [asking]);
  if (!asking) {
    return (
      <button type="button" className="danger" onClick={() => setAsking(true)}>
        {props.label}
      </button>
    );
  }
  return (
    <span className="confirm">
      <span>{props.question ?? `${props.label}?`}</span>
      <button
        ref={yes}
        type="button"
        className="danger"
        onClick={async () => {
          setAsking(false);
          await props.onConfirm();
        }}
      >
        Yes, {props.label.toLowerCase()}
      </button>
      <button type="button" onClick={() => setAsking(false)}>
        Cancel
      </button>
    </span>
  );
}
