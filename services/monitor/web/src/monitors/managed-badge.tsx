// Monitors applied from a config file (docs/config-as-code.md): the file is their source, so the
// dashboard says so where they are listed and warns before an edit the next apply would undo.

const undone = 'the next apply of that file undoes changes made here';

/** A chip beside the name of a monitor that came from a config file. */
export function ManagedBadge({ configKey }: { configKey: string | null }) {
  if (configKey === null) return null;
  return (
    <span className="chip chip-managed" title={`From a config file, key "${configKey}": ${undone}`}>
      config file
    </span>
  );
}

/** The warning above the edit form of such a monitor. */
export function ManagedEditWarning({ configKey }: { configKey: string | null }) {
  if (configKey === null) return null;
  return (
    <p className="notice notice-warn" role="status" data-testid="managed-warning">
      This monitor comes from a config file (key <code>{configKey}</code>): {undone}. Change the file instead,
      or remove the monitor from it first.
    </p>
  );
}
