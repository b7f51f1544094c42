// Parses `x = 1 + 1 + …` with `terms` terms and runs pyscan's node query over it, in a worker thread
// so the caller can stop it: with no depth cap (pyscan before the fix) this takes minutes.
import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';
import { Language, Parser, Query } from 'web-tree-sitter';

const { terms, querySource, maxStartDepth } = workerData;
await Parser.init();
const require = createRequire(import.meta.url);
const lang = await Language.load(require.resolve('tree-sitter-python/tree-sitter-python.wasm'));
const parser = new Parser();
parser.setLanguage(lang);
const query = new Query(lang, querySource);
const src = `x = ${Array(terms).fill('1').join(' + ')}\n`;
const t = performance.now();
const tree = parser.parse(src);
const caps =
  maxStartDepth === null ? query.captures(tree.rootNode) : query.captures(tree.rootNode, { maxStartDepth });
const ms = performance.now() - t;
tree.delete();
parentPort.postMessage({ ms, captures: caps.length });
