export { analyzeSource, failedAnalysis, MAX_SOURCE_BYTES } from './analyze.js';
export {
  type CodeHealth,
  type CodeHealthParts,
  codeHealthOfParts,
  codeHealthParts,
  contractsOfPyproject,
  measureCodeHealth,
} from './code-health/index.js';
export { CLASS_COLUMNS, FILE_COLUMNS, FUNCTION_COLUMNS, SUMMARY_COLUMNS } from './columns.js';
export {
  type CoverageCounts,
  type CoverageReport,
  CoverageReportError,
  countRange,
  type FileCoverage,
  matchCoverage,
  readCoverageReport,
} from './coverage/index.js';
export { csvField, csvRow, toCsv } from './csv.js';
export { decodeSource } from './decode.js';
export { discoverPythonFiles, type FoundFile } from './discover.js';
export {
  type CloneGroup,
  type CloneOccurrence,
  type CloneSource,
  type CloneTokens,
  DEFAULT_MIN_LINES,
  DEFAULT_MIN_TOKENS,
  type DuplicationOptions,
  type DuplicationResult,
  type FileDuplication,
  findClones,
  tokenizeForClones,
} from './duplication/index.js';
export { initPyscan } from './grammar.js';
export {
  coverageKey,
  cyclePathsOf,
  type Deduction,
  type FunctionHealth,
  functionHealth,
  type HealthEvidence,
  type HealthSection,
  healthOfRun,
} from './health/index.js';
export {
  type BrokenChain,
  ContractConfigError,
  type ContractResult,
  type ContractsConfig,
  type ImportStatement,
  moduleNames,
  parseContracts,
  readImports,
} from './import-graph/index.js';
export {
  type AnalysisJson,
  type AnalyzeOptions,
  type AnalyzerPool,
  createAnalyzerPool,
  DEFAULT_MAX_FILE_SECONDS,
  isTimeoutError,
  type PoolOptions,
  timeoutError,
} from './pool.js';
export { ccRank, miRank } from './ranks.js';
export { type SummaryExtra, type SummaryRow, summarize } from './summary.js';
export { isTestPath } from './test-path.js';
export type { ClassMetrics, FileAnalysis, FileMetrics, FunctionMetrics } from './types.js';
