export {
  type BrokenChain,
  ContractConfigError,
  type ContractResult,
  type ContractSpec,
  type ContractsConfig,
  checkContracts,
  parseContracts,
} from './contracts.js';
export { type ImportCycle, importCycles } from './cycles.js';
export { type ImportStatement, readImports } from './import-statements.js';
export { type ModuleFile, moduleNames } from './module-names.js';
export { buildImportGraph, type ImportEdge, type ImportGraph, importGraphOf } from './resolve.js';
