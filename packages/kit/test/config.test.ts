import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bool, ConfigError, int, loadConfig, oneOf, str, url } from '../src/index.js';

const schema = {
  PORT: int({ default: 3000, min: 1, max: 65535 }),
  DATA_DIR: str({ default: './data' }),
  SECRET_KEY: str(),
  SHALLOW: bool({ default: true }),
  LEVEL: oneOf(['info', 'debug'], { default: 'info' }),
  DATABASE_URL: url({ protocols: ['postgres', 'postgresql'] }),
};

test('defaults apply to unset and blank variables', () => {
  const c = loadConfig(schema, { DATA_DIR: '  ' });
  assert.deepEqual(
    { ...c },
    {
      PORT: 3000,
      DATA_DIR: './data',
      SECRET_KEY: undefined,
      SHALLOW: true,
      LEVEL: 'info',
      DATABASE_URL: undefined,
    },
  );
});

test('values are parsed to their types', () => {
  const c = loadConfig(schema, {
    PORT: '8080',
    SHALLOW: 'false',
    LEVEL: 'debug',
    DATABASE_URL: 'postgres://u@h/db',
  });
  assert.equal(c.PORT, 8080);
  assert.equal(c.SHALLOW, false);
  assert.equal(c.LEVEL, 'debug');
  assert.equal(c.DATABASE_URL, 'postgres://u@h/db');
});

test('every bad variable is named in one error, passwords hidden', () => {
  assert.throws(
    () => loadConfig(schema, { PORT: '70000', SHALLOW: 'maybe', DATABASE_URL: 'mysql://u:hunter2@h/db' }),
    (e: unknown) => {
      assert.ok(e instanceof ConfigError);
      assert.equal(e.problems.length, 3);
      assert.match(e.message, /PORT must be an integer from 1 to 65535, got "70000"/);
      assert.match(e.message, /SHALLOW must be true or false/);
      assert.match(e.message, /DATABASE_URL must use one of postgres, postgresql, got "mysql"/);
      assert.doesNotMatch(e.message, /hunter2/);
      return true;
    },
  );
});

test('a URL that does not parse is reported without its password', () => {
  assert.throws(() => loadConfig(schema, { DATABASE_URL: 'not a url' }), /DATABASE_URL must be a URL/);
});
