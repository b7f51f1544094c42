import { useState } from 'react';

/** Copies `text` to the clipboard, falling back to selecting it where the Clipboard API is denied. */
export function CopyButton({ text, label = 'Copy' }: { text: string; label?: string }) {
  const [done, setDone] = useState<'' | 'ok' | 'failed'>('');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setDone('ok');
    } catch {
      // Plain-http deployments have no Clipboard API: copy through a hidden selection.
      const ta = document.createElement('textarea');
      ta.value = text;
      document.body.appendChild(ta);
      ta.select();
      const ok = document.execCommand('copy');
      ta.remove();
      setDone(ok ? 'ok' : 'failed');
    }
  };
  return (
    <button type="button" onClick={copy}>
      {done === 'ok' ? 'Copied' : done === 'failed' ? 'Copy failed: select the text' : label}
    </button>
  );
}
