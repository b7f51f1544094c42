// The single executable's entry (Node's single-executable applications run one CommonJS script that
// may require only built-in modules). pyscan itself is ES modules with a worker-thread pool and two
// .wasm files, all carried as SEA assets: on first start they are written to a cache folder named
// by version and content hash (atomically: a folder renamed into place), then the CLI runs in a
// worker thread from there, so the executable needs no Node.js installed and nothing else on disk.
'use strict';
const { getAsset } = require('node:sea');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { Worker } = require('node:worker_threads');

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
  // Answered here: starting the worker only to print the version would triple the time it takes.
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
  const env = { ...process.env };
  // The worker's stdout is a pipe, not the terminal: keep the colour decision of the real one.
  if (process.stdout.isTTY && !env.NO_COLOR && env.FORCE_COLOR === undefined) env.FORCE_COLOR = '1';
  const worker = new Worker(path.join(dir, 'lib', 'cli', 'main.bundle.js'), { argv: args, env });
  worker.on('error', (err) => {
    process.stderr.write(`pyscan: ${err.message}\n`);
    process.exitCode = 2;
  });
  worker.on('exit', (code) => {
    process.exitCode ||= code;
  });
}
