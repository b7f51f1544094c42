// The verdict on the share card and in the PDF (issue 36), from report data carrying a gate: a failed
// gate names its failing conditions, a passed one says so, and without a gate neither says anything.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { renderPdfReport, shareCardSvg } from '../../src/outputs/reports/index.js';
import { readPdf } from '../reports/pdf-text.js';
import { sampleReportData } from '../reports/sample-data.js';

const failed = {
  status: 'failed' as const,
  conditions: ['cc>10', 'mi_avg<40'],
  failures: ['cc>10: 17 (2 items), limit > 10'],
};

describe('the verdict in the share card and the PDF', () => {
  test('the share card names a failed gate and its condition; a passed one says passed', () => {
    assert.ok(
      shareCardSvg({ ...sampleReportData(), gate: failed }).includes('quality gate failed: cc&gt;10'),
    );
    const passed = shareCardSvg({
      ...sampleReportData(),
      gate: { status: 'passed', conditions: ['cc>50'], failures: [] },
    });
    assert.ok(passed.includes('>quality gate passed<'));
    assert.ok(!shareCardSvg(sampleReportData()).includes('quality gate'));
  });

  test('the PDF prints the verdict under the title with each failing condition', async () => {
    const text =
      (await readPdf(await renderPdfReport({ ...sampleReportData(), gate: failed }))).text[0] ?? '';
    assert.ok(text.includes('Quality gate: failed'), text.slice(0, 300));
    assert.ok(text.includes('Failed cc>10: 17 (2 items), limit > 10'), text.slice(0, 400));
    const none = (await readPdf(await renderPdfReport(sampleReportData()))).text[0] ?? '';
    assert.ok(!none.includes('Quality gate'));
  });
});
