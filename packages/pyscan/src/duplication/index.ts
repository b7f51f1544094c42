export {
  type CloneTokens,
  CODE_IDENTIFIER,
  CODE_NUMBER,
  CODE_STRING,
  tokenizeForClones,
} from './clone-tokens.js';
export { type CloneRange, duplicatedLinesPerFile, type FileDuplication } from './duplicated-lines.js';
export {
  type CloneGroup,
  type CloneOccurrence,
  DEFAULT_MIN_LINES,
  DEFAULT_MIN_TOKENS,
  type DuplicationOptions,
  type DuplicationResult,
  findClones,
} from './find-clones.js';
export type { CloneSource } from './token-windows.js';
