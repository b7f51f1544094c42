// Forced on every git call: hooks off, no fsmonitor, no submodule recursion, no credential helpers.
export function configArgs(url: string): string[] {
  const args = [
    '-c',
    'core.hooksPath=/dev/null',
    '-c',
    'core.fsmonitor=false',
    '-c',
    'submodule.recurse=false',
    '-c',
    'credential.helper=',
    '-c',
    'advice.detachedHead=false',
    '-c',
    'init.defaultBranch=main',
  ];
  // Local test fixtures only; a file:// base is never the production configuration.
  if (url.startsWith('file://')) args.push('-c', 'protocol.file.allow=always');
  return args;
}
