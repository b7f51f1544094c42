// The single executable's entry (Node's single-executable applications run one CommonJS script that
// may require only built-in modules). pyscan itself is ES modules with a worker-thread pool and two
// .wasm files, all carried as SEA assets: on first start they are written to a cache folder named
// by version and content hash (atomically: a folder renamed into place), then the CLI runs from
// there on this thread: a require() made for a file in that folder loads its CommonJS entry
// (lib/cli/sea-entry.cjs), whose import() the ordinary module loader serves, so the executable needs
// no Node.js installed and nothing else on disk. (Running the CLI in a worker thread instead cost a
// second Node.js environment: about 100 ms of CPU on every run.)
'use strict';
const { getAsset } = require('node:sea');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { createRequire } = require('node:module');

const MANIFEST = JSON.parse(getAsset('manifest.json', 'utf8'));

function cacheRoot() {
  if (process.env.PYSCAN_CACHE_DIR) return process.env.PYSCAN_CACHE_DIR;
  const xdg = process.env.XDG_CACHE_HOME;
  return path.join(xdg && path.isAbsolute(xdg) ? xdg : path.join(os.homedir(), '.cache'), 'pyscan');
}

function unpacked() {
  const dir = path.join(cacheRoot(), `${MANIFEST.version}-${MANIFEST.hash}`);
  if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
  const tmp = `${dir}.tmp-${process.pid}`;
  for (const name of MANIFEST.files) {
    const file = path.join(tmp, name);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, new Uint8Array(getAsset(name)));
  }
  try {
    fs.renameSync(tmp, dir);
  } catch (err) {
    // Another process unpacked the same version first: use its copy.
    fs.rmSync(tmp, { recursive: true, force: true });
    if (!fs.existsSync(path.join(dir, 'package.json'))) throw err;
  }
  return dir;
}

const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === '--version' || args[0] === '-V')) {
  // Answered here: nothing to unpack or load (the CLI is 300 kB of JavaScript to compile).
  process.stdout.write(`pyscan ${MANIFEST.version}\n`);
} else {
  let dir;
  try {
    dir = unpacked();
  } catch (err) {
    process.stderr.write(
      `pyscan: cannot unpack into ${cacheRoot()}: ${err.message} (set PYSCAN_CACHE_DIR)\n`,
    );
    process.exit(2);
  }
  createRequire(path.join(dir, 'lib', 'cli', 'sea-entry.cjs'))('./sea-entry.cjs');
}
