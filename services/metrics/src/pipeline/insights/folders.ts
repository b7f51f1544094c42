/** The folders a file path sits in, from the repository root ('') down to its own folder. */
export function ancestorFolders(path: string): string[] {
  const out = [''];
  let i = path.indexOf('/');
  while (i >= 0) {
    out.push(path.slice(0, i));
    i = path.indexOf('/', i + 1);
  }
  return out;
}

/** Whether `path` is inside `folder` ('' holds everything). */
export function inFolder(path: string, folder: string): boolean {
  return folder === '' || path.startsWith(`${folder}/`);
}
