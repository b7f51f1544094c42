// Configuration shared by the CLI and the metrics service: [tool.pyscan] and exclude globs.
export { compileExcludes, compileGlobs, type ExcludeMatcher, type ExcludeSet, globProblem } from './globs.js';
export {
  type FoundSettings,
  findPyscanSettings,
  OUTPUT_FORMATS,
  type OutputFormat,
  PyprojectError,
  type PyscanSettings,
  parsePyscanSettings,
  SETTING_KEYS,
} from './pyproject.js';
