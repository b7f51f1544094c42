// A small Python project with real functions, classes and branches over three commits, so every view of
// the UI has something to show: ranks A to C, several folders, files touched more than once.
import { join } from 'node:path';
import { ALICE, BOB, CAROL, type FixtureBase, RepoBuilder } from '../fixtures-builder/build-repo.js';

/** A function whose cyclomatic complexity is 1 + `branches`. */
function branchy(name: string, branches: number): string {
  const lines = [`def ${name}(value, flag=False):`, '    total = 0'];
  for (let i = 0; i < branches; i++) {
    lines.push(`    if value > ${i} and flag:`, `        total += ${i}`);
  }
  lines.push('    return total', '');
  return `${lines.join('\n')}\n`;
}

const simple = (name: string) => `def ${name}(x):\n    """Return x doubled."""\n    return x * 2\n\n`;

const klass = (name: string, methods: number) =>
  `class ${name}:\n    """A class."""\n\n${Array.from(
    { length: methods },
    (_, i) =>
      `    def method_${i}(self, v):\n        if v:\n            return ${i}\n        return -${i}\n\n`,
  ).join('')}`;

/** The hottest file: its worst function has complexity 19 (rank C). */
export const HOT_FILE = 'shop/engine/pricing.py';

/** Builds `<base>/acme/shop` and returns its folder. */
export function buildUiFixture(base: FixtureBase): { owner: string; repo: string; dir: string } {
  const dir = join(base.dir, 'acme', 'shop');
  const b = new RepoBuilder(dir, 'main');
  b.write('README.md', '# shop\n')
    .write('shop/__init__.py', '"""Shop."""\n')
    .write('shop/engine/__init__.py', '')
    .write(HOT_FILE, `"""Pricing."""\n\n${branchy('price', 12)}${simple('double')}`)
    .write('shop/engine/cart.py', `"""Cart."""\n\n${klass('Cart', 4)}${branchy('total', 4)}`)
    .write(
      'shop/api/views.py',
      `"""Views."""\n\n${simple('index')}${simple('detail')}${branchy('search', 6)}`,
    )
    .write('shop/api/forms.py', `"""Forms."""\n\n${klass('OrderForm', 2)}`)
    .write('tools/report.py', `"""Report."""\n\n${simple('main')}`);
  b.commit('initial', { author: ALICE, date: '2025-01-10T10:00:00Z' });
  b.write(
    HOT_FILE,
    `"""Pricing."""\n\n${branchy('price', 18)}${simple('double')}${branchy('discount', 3)}`,
  ).write('shop/engine/cart.py', `"""Cart."""\n\n${klass('Cart', 5)}${branchy('total', 5)}`);
  b.commit('more pricing rules', { author: BOB, date: '2025-02-10T10:00:00Z' });
  b.write(
    HOT_FILE,
    `"""Pricing."""\n\n${branchy('price', 18)}${simple('double')}${branchy('discount', 4)}`,
  ).write('tools/migrate.py', `"""Migrate."""\n\n${branchy('migrate', 8)}`);
  b.commit('migration tool', { author: CAROL, date: '2025-03-10T10:00:00Z' });
  return { owner: 'acme', repo: 'shop', dir };
}
