export { analyzeSource, MAX_SOURCE_BYTES } from './analyze.js';
export { ccRank, miRank } from './ranks.js';
export { initPyscan } from './tree.js';
export type { ClassMetrics, FileAnalysis, FileMetrics, FunctionMetrics } from './types.js';
