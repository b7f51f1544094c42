// Objects applied from a config file (docs/config-as-code.md): the file is their source, so the
// dashboard says so where they are listed and warns before an edit the next apply would undo. Every
// kind a file declares answers `config_key` (null for objects no file manages).

const undone = 'the next apply of that file undoes changes made here';

/**
 * A chip beside the name of an object that came from a config file, after a space of its own (so a
 * name without one reads as before).
 */
export function ManagedBadge({ configKey }: { configKey: string | null | undefined }) {
  if (configKey == null) return null;
  return (
    <>
      {' '}
      <span
        className="chip chip-managed"
        title={`From a config file, key "${configKey}": ${undone}`}
        data-testid="managed-badge"
      >
        config file
      </span>
    </>
  );
}

/** The warning above the edit form of such an object; `what` names it ("monitor", "status page"). */
export function ManagedEditWarning({
  configKey,
  what,
}: {
  configKey: string | null | undefined;
  what: string;
}) {
  if (configKey == null) return null;
  return (
    <p className="notice notice-warn" role="status" data-testid="managed-warning">
      This {what} comes from a config file (key <code>{configKey}</code>): {undone}. Change the file instead,
      or remove the {what} from it first.
    </p>
  );
}
