export { FINDING_CATEGORIES, type Finding, type FindingCategory } from '../../shared-types/finding-shape.js';

/** findings.csv's columns in order (also the API's item shape). */
export const FINDING_CSV_COLUMNS = [
  'path',
  'line',
  'column',
  'end_line',
  'end_column',
  'category',
  'symbol',
  'message_id',
  'message',
  'severity',
  'confidence',
] as const;
