export { type Definition, type FileDefinitions, type Param, readDefinitions } from './definitions.js';
export {
  type FileTypingDocs,
  type FunctionTypingDocs,
  isPublicName,
  measureTypingDocs,
  type TypingDocsTotals,
  totalTypingDocs,
  typingDocsOf,
} from './shares.js';
