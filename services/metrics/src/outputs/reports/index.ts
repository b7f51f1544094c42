export { badness, type HeatMetric, heatColour } from '../../shared-types/colour.js';
export { type Grade, type GradeInput, gradeOf } from '../../shared-types/grade.js';
export { niceTicks } from '../../shared-types/ticks.js';
export { type TreemapCell, treemapLayout } from '../../shared-types/treemap-layout.js';
export { renderPdfReport } from './pdf-report.js';
export {
  type ReportData,
  type ReportFile,
  type ReportFunction,
  type ReportInsights,
  type ReportSummary,
  repoLabel,
  worstFiles,
} from './report-data.js';
export { CARD_HEIGHT, CARD_WIDTH, renderShareCard, shareCardSvg } from './share-card.js';
export { rankBarsSvg, scatterSvg, treemapSvg } from './svg-charts.js';
