import { CopyButton } from '../components/copy-button.js';
import { Notice } from '../components/notice.js';

/** The recovery codes, shown once: the service keeps only their hashes. */
export function RecoveryCodesView({ codes, onDone }: { codes: string[]; onDone(): void }) {
  return (
    <div className="recovery-codes">
      <Notice kind="info">
        Save these recovery codes somewhere safe. Each signs you in once without your phone. They are not
        shown again.
      </Notice>
      <ul aria-label="Recovery codes" className="recovery-code-list">
        {codes.map((c) => (
          <li key={c}>
            <code>{c}</code>
          </li>
        ))}
      </ul>
      <div className="actions">
        <CopyButton text={codes.join('\n')} label="Copy codes" />
        <button type="button" className="primary" onClick={onDone}>
          I have saved them
        </button>
      </div>
    </div>
  );
}
