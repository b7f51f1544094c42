export { type CoverageCounts, type CoverageMatch, countRange, matchCoverage } from './join.js';
export { type CoverageReport, CoverageReportError, type FileCoverage, readCoverageReport } from './report.js';
