/**
 * The program of the script sandbox's child process, as text (run with `node -e`, so it needs no file
 * of its own next to a bundle). It loads isolated-vm, whose path comes as argv[1], and runs the
 * user's script in a fresh V8 isolate: no `require`, `process`, `fetch`, timers or anything of
 * Node; the only way out is `__call`, a reference that forwards a whitelisted page method and its
 * plain arguments to the parent, which owns the page. `expect` lives inside the isolate.
 */
export const CHILD_PROGRAM = String.raw`
const ivm = require(process.argv[1]);
process.on('disconnect', () => process.exit(0));
let next = 0;
const pending = new Map();
process.on('message', async (msg) => {
  if (msg.type === 'result') {
    const p = pending.get(msg.id);
    pending.delete(msg.id);
    if (p) msg.error === undefined ? p.resolve(msg.value) : p.reject(new Error(msg.error));
    return;
  }
  if (msg.type !== 'run') return;
  const isolate = new ivm.Isolate({ memoryLimit: 64 });
  try {
    const context = await isolate.createContext();
    const call = (method, args) =>
      new Promise((resolve, reject) => {
        const id = ++next;
        pending.set(id, { resolve, reject });
        process.send({ type: 'call', id, method, args });
      });
    await context.global.set('__call', new ivm.Reference(call));
    await context.global.set('__vars', new ivm.ExternalCopy(msg.vars).copyInto());
    const body = msg.script;
    const source = BOOTSTRAP + '\n(async (page, expect, vars) => {\n' + body + '\n})(page, expect, __vars)';
    const script = await isolate.compileScript(source, { filename: 'script.js' });
    await script.run(context, { promise: true, timeout: msg.timeoutMs });
    process.send({ type: 'done' });
  } catch (err) {
    process.send({ type: 'done', error: String(err && err.message ? err.message : err) });
  } finally {
    isolate.dispose();
  }
});
const BOOTSTRAP = ${'`'}
const __forward = (method, ...args) =>
  __call.apply(undefined, [method, args], { arguments: { copy: true }, result: { promise: true, copy: true } });
const page = Object.freeze({
  goto: (url) => __forward('goto', url),
  click: (selector) => __forward('click', selector),
  fill: (selector, value) => __forward('fill', selector, value),
  selectOption: (selector, value) => __forward('selectOption', selector, value),
  press: (selector, key) => __forward('press', selector, key),
  waitForSelector: (selector) => __forward('waitForSelector', selector),
  waitForURL: (pattern) => __forward('waitForURL', pattern),
  textContent: (selector) => __forward('textContent', selector),
  isVisible: (selector) => __forward('isVisible', selector),
  title: () => __forward('title'),
  url: () => __forward('url'),
  screenshot: () => __forward('screenshot'),
});
const __show = (v) => { try { return JSON.stringify(v); } catch { return String(v); } };
const expect = (actual) => {
  const fail = (what, expected) => { throw new Error('expected ' + __show(actual) + ' ' + what + ' ' + __show(expected)); };
  return Object.freeze({
    toBe: (e) => { if (actual !== e) fail('to be', e); },
    toEqual: (e) => { if (__show(actual) !== __show(e)) fail('to equal', e); },
    toContain: (e) => { if (actual == null || !actual.includes(e)) fail('to contain', e); },
    toMatch: (re) => { if (!(typeof re === 'string' ? new RegExp(re) : re).test(String(actual))) fail('to match', String(re)); },
    toBeTruthy: () => { if (!actual) fail('to be', true); },
    toBeGreaterThan: (e) => { if (!(actual > e)) fail('to be greater than', e); },
    toBeLessThan: (e) => { if (!(actual < e)) fail('to be less than', e); },
  });
};
${'`'};
`;
