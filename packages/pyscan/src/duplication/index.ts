export {
  type CloneTokens,
  CODE_IDENTIFIER,
  CODE_NUMBER,
  CODE_STRING,
  tokenizeForClones,
} from './clone-tokens.js';
export { type CloneRange, duplicatedLinesPerFile } from './duplicated-lines.js';
export {
  type CloneGroup,
  type CloneOccurrence,
  type CloneSource,
  DEFAULT_MIN_LINES,
  DEFAULT_MIN_TOKENS,
  type DuplicationOptions,
  type DuplicationResult,
  type FileDuplication,
  findClones,
} from './find-clones.js';
