// The CSV writer lives in kit (the monitor's SLA reports write CSV too); pyscan re-exports it.
export { csvField, csvRow, toCsv } from '@app/kit/csv';
