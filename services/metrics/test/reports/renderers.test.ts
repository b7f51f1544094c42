import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  gradeOf,
  niceTicks,
  renderPdfReport,
  renderShareCard,
  scatterSvg,
  shareCardSvg,
  treemapLayout,
  treemapSvg,
  worstFiles,
} from '../../src/outputs/reports/index.js';
import { readPdf } from './pdf-text.js';
import { sampleReportData } from './sample-data.js';

describe('gradeOf', () => {
  test('averages MI, complexity, simple-function share and pylint into a letter', () => {
    const g = gradeOf({ mi_avg: 80, cc_avg: 2, functions: 10, cc_rank_a: 9, cc_rank_b: 1, pylint_avg: 9 });
    // (80 + 90 + 100 + 90) / 4
    assert.equal(g.score, 90);
    assert.equal(g.letter, 'A');
    assert.deepEqual(
      g.parts.map((p) => p.name),
      ['maintainability', 'complexity', 'simple functions', 'pylint'],
    );
  });
  test('leaves out what is missing instead of counting it as zero', () => {
    const g = gradeOf({ mi_avg: 50, cc_avg: 6, functions: 0, pylint_avg: null });
    // (50 + 50) / 2
    assert.equal(g.score, 50);
    assert.equal(g.letter, 'D');
    assert.equal(gradeOf({ mi_avg: 10, cc_avg: 12 }).letter, 'F');
    assert.equal(gradeOf({}).score, 0);
    assert.equal(gradeOf({}).letter, '–');
  });
});

describe('chart helpers', () => {
  test('niceTicks gives round steps that cover the maximum', () => {
    assert.deepEqual(niceTicks(30), [0, 10, 20, 30]);
    assert.deepEqual(niceTicks(140), [0, 50, 100, 150]);
    assert.deepEqual(niceTicks(7), [0, 2, 4, 6, 8]);
    assert.deepEqual(niceTicks(0), [0, 1]);
  });

  test('treemapLayout gives each file an area proportional to its lines, inside the box', () => {
    const files = [
      { path: 'a/x.py', loc: 300 },
      { path: 'a/y.py', loc: 100 },
      { path: 'b/z.py', loc: 200 },
    ];
    const cells = treemapLayout(files, 600, 400);
    const leaves = cells.filter((c) => c.leaf);
    assert.deepEqual(leaves.map((c) => c.path).sort(), ['a/x.py', 'a/y.py', 'b/z.py']);
    assert.deepEqual(
      cells
        .filter((c) => !c.leaf)
        .map((c) => c.path)
        .sort(),
      ['a', 'b'],
    );
    for (const c of cells) {
      assert.ok(c.x0 >= 0 && c.y0 >= 0 && c.x1 <= 600 && c.y1 <= 400, `${c.path} inside the box`);
    }
    const area = (p: string) => {
      const c = leaves.find((l) => l.path === p)!;
      return (c.x1 - c.x0) * (c.y1 - c.y0);
    };
    // Padding takes a little from every cell, so the ratio is close to, not exactly, 3.
    const ratio = area('a/x.py') / area('a/y.py');
    assert.ok(ratio > 2.5 && ratio < 3.5, `x.py is about three times y.py (${ratio.toFixed(2)})`);
  });

  test('worstFiles ranks by maximum complexity, then lower MI, and leaves out files under the thresholds', () => {
    const d = sampleReportData();
    const w = worstFiles(d.files, 3);
    assert.equal(w[0]?.path, 'pkg/core/dispatcher.py');
    assert.ok((w[1]?.cc_max ?? 0) >= (w[2]?.cc_max ?? 0));
    const all = worstFiles(d.files, 1000);
    assert.ok(all.length > 0 && all.length < d.files.length);
    for (const f of all)
      assert.ok((f.cc_max ?? 0) > 10 || (f.mi ?? 100) < 20, `${f.path} crosses a threshold`);
  });

  test('the SVG charts escape file names and name the hotspots', () => {
    const d = sampleReportData();
    d.files.push({
      path: 'pkg/a<b>&c.py',
      loc: 10,
      cc_total: 1,
      cc_avg: 1,
      cc_max: 1,
      mi: 90,
      pylint_score: 10,
      revisions: 1,
    });
    const tm = treemapSvg(d.files);
    assert.ok(!tm.includes('<b>'), 'no raw markup from a file name');
    assert.ok(tm.includes('dispatcher.py'));
    const sc = scatterSvg(d.files, true);
    assert.ok(sc.includes('pkg/core/dispatcher.py'), 'the top hotspot is labelled');
    assert.ok(sc.includes('>revisions<'));
    assert.ok(scatterSvg(d.files, false).includes('>lines of code<'));
  });
});

describe('share card', () => {
  test('is a 1200×630 PNG naming the repository, its KPIs and the grade', () => {
    const d = sampleReportData();
    const svg = shareCardSvg(d);
    for (const text of ['acme/widgets', '8,960', '3.42', '61.8', '7.35', 'run #7', '>B<']) {
      assert.ok(svg.includes(text), `card shows ${text}`);
    }
    const png = renderShareCard(d);
    assert.equal(png.subarray(0, 8).toString('hex'), '89504e470d0a1a0a');
    assert.equal(png.subarray(12, 16).toString('latin1'), 'IHDR');
    assert.equal(png.readUInt32BE(16), 1200);
    assert.equal(png.readUInt32BE(20), 630);
  });
});

describe('PDF report', () => {
  test('page 1 holds the key figures, the grade and the worst files; the charts follow', async () => {
    const pdf = await renderPdfReport(sampleReportData());
    assert.equal(pdf.subarray(0, 5).toString('latin1'), '%PDF-');
    const { pages, text } = await readPdf(pdf);
    assert.equal(pages, 3);
    const [p1 = '', p2 = '', p3 = ''] = text;
    assert.match(p1, /Code metrics report: acme\/widgets/);
    assert.match(p1, /ref main/);
    assert.match(p1, /commit 0123456789ab/);
    assert.match(p1, /Files\s+41\s+Lines\s+8,960/);
    assert.match(p1, /Avg complexity\s+3\.42/);
    assert.match(p1, /Grade B \(76\/100\)/);
    // Issue 29: no forced break after the grade, the next section starts on page 1.
    assert.match(
      p1,
      /Worst files\s+Files with a function of complexity above 10.*File\s+Lines\s+Max CC\s+Avg CC\s+MI\s+Pylint\s+pkg\/core\/dispatcher\.py\s+900\s+41\s+12\.50\s+8\.3\s+3\.10/,
    );
    const rest = `${p2} ${p3}`;
    assert.match(rest, /Heatmap: area by lines, colour by maximum complexity/);
    assert.match(rest, /Hotspots: complexity against revisions/);
    assert.match(
      `${p1} ${rest}`,
      /Most complex functions.*Dispatcher\.route\s+pkg\/core\/dispatcher\.py\s+120\s+41\s+F\s+63/,
    );
  });
  test('lists as worst files only files above CC 10 or below MI 20, and says so when none are', async () => {
    const file = (path: string, cc_max: number, mi: number) => ({
      path,
      loc: 40,
      cc_total: cc_max,
      cc_avg: cc_max,
      cc_max,
      mi,
      pylint_score: 9,
      revisions: 1,
    });
    const simple = sampleReportData();
    simple.files = [file('pkg/a.py', 2, 80), file('pkg/b.py', 10, 20), file('pkg/c.py', 1, 95)];
    simple.worstFunctions = [];
    const plain = (await readPdf(await renderPdfReport(simple))).text[0] ?? '';
    assert.match(plain, /Worst files\s+No file crosses a threshold \(a function of complexity above 10/);
    assert.ok(!/pkg\/[abc]\.py/.test(plain), 'no simple file pads the list');

    const one = sampleReportData();
    one.files = [file('pkg/a.py', 2, 80), file('pkg/tangle.py', 12, 60), file('pkg/old.py', 3, 15)];
    const p1 = (await readPdf(await renderPdfReport(one))).text[0] ?? '';
    assert.match(p1, /Pylint\s+pkg\/tangle\.py\s+40\s+12\s+12\.00\s+60\.0\s+9\.00\s+pkg\/old\.py\s+40\s+3\s/);
    assert.ok(!p1.includes('pkg/a.py'));
    assert.ok(!p1.includes('No file crosses'));
  });
  test('renders a run without files or metrics (an empty repository) without inventing numbers', async () => {
    const d = sampleReportData();
    d.files = [];
    d.worstFunctions = [];
    d.summary = {
      files: 0,
      classes: 0,
      functions: 0,
      loc: 0,
      cc_avg: null,
      cc_max: null,
      mi_avg: null,
      pylint_avg: null,
    };
    const { pages, text } = await readPdf(await renderPdfReport(d));
    assert.equal(pages, 2);
    assert.match(text[0] ?? '', /Avg complexity\s+–/);
    assert.match(text[0] ?? '', /No grade/);
    assert.match(text[0] ?? '', /No file crosses a threshold/);
    assert.ok(!text.join(' ').includes('Most complex functions'));
    const card = shareCardSvg(d);
    assert.ok(card.includes('>–<'), 'missing KPIs read as a dash');
    assert.ok(card.includes('no grade'));
    assert.equal(renderShareCard(d).readUInt32BE(16), 1200);
  });
});
