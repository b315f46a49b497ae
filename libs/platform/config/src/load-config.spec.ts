import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { IsBoolean, IsInt, IsNumber, Matches, Max, Min } from 'class-validator';
import { CommonConfig } from './common-config';
import { ConfigError, loadConfig } from './load-config';

/** A service's config as apps declare it: the common settings plus its own. */
class SampleConfig extends CommonConfig {
  @IsInt()
  @Min(0)
  @Max(65535)
  PORT = 3000;

  @IsBoolean()
  EMBEDDED = true;

  @IsNumber()
  RATIO = 0.5;
}

function configError(fn: () => unknown): ConfigError {
  try {
    fn();
  } catch (error: unknown) {
    assert.ok(error instanceof ConfigError, `expected a ConfigError, got ${String(error)}`);
    return error;
  }
  assert.fail('expected loadConfig to throw');
}

describe('loadConfig', () => {
  it('uses every default when the environment sets nothing', () => {
    const config = loadConfig(SampleConfig, {});
    assert.ok(config instanceof SampleConfig);
    assert.deepEqual(
      { ...config },
      {
        LOG_LEVEL: 'info',
        NATS_URL: 'nats://127.0.0.1:4222',
        SUBJECT_PREFIX: 'trove',
        REQUEST_TIMEOUT_MS: 5000,
        PORT: 3000,
        EMBEDDED: true,
        RATIO: 0.5,
      },
    );
  });

  it('treats an empty variable as unset and ignores variables it does not declare', () => {
    const config = loadConfig(SampleConfig, { PORT: '', LOG_LEVEL: '', PATH: '/usr/bin', UNRELATED: 'x' });
    assert.equal(config.PORT, 3000);
    assert.equal(config.LOG_LEVEL, 'info');
    assert.equal('PATH' in config, false);
    assert.equal('UNRELATED' in config, false);
  });

  it('converts numbers and booleans by the type of the default, and keeps strings as given', () => {
    const config = loadConfig(SampleConfig, {
      PORT: '8080',
      REQUEST_TIMEOUT_MS: ' 250 ',
      RATIO: '0.25',
      EMBEDDED: 'false',
      LOG_LEVEL: 'debug',
      NATS_URL: 'nats://nats.internal:4222',
      SUBJECT_PREFIX: 'trove.staging',
    });
    assert.strictEqual(config.PORT, 8080);
    assert.strictEqual(config.REQUEST_TIMEOUT_MS, 250);
    assert.strictEqual(config.RATIO, 0.25);
    assert.strictEqual(config.EMBEDDED, false);
    assert.equal(config.LOG_LEVEL, 'debug');
    assert.equal(config.NATS_URL, 'nats://nats.internal:4222');
    assert.equal(config.SUBJECT_PREFIX, 'trove.staging');
    assert.strictEqual(loadConfig(SampleConfig, { EMBEDDED: '0' }).EMBEDDED, false);
    assert.strictEqual(loadConfig(SampleConfig, { EMBEDDED: '1', PORT: '0' }).EMBEDDED, true);
    assert.strictEqual(loadConfig(SampleConfig, { PORT: '0' }).PORT, 0);
  });

  it('reads process.env when no environment is given', () => {
    const saved = process.env['SUBJECT_PREFIX'];
    process.env['SUBJECT_PREFIX'] = 'from-process-env';
    try {
      assert.equal(loadConfig(CommonConfig).SUBJECT_PREFIX, 'from-process-env');
    } finally {
      if (saved === undefined) delete process.env['SUBJECT_PREFIX'];
      else process.env['SUBJECT_PREFIX'] = saved;
    }
  });

  it('refuses a value that is not a number, naming the variable and the value', () => {
    const error = configError(() => loadConfig(SampleConfig, { REQUEST_TIMEOUT_MS: 'soon' }));
    assert.ok(error.problems.length > 0);
    for (const problem of error.problems) assert.match(problem, /^REQUEST_TIMEOUT_MS \("soon"\): /);
    assert.match(error.message, /Invalid configuration:\n {2}- REQUEST_TIMEOUT_MS/);
  });

  it('refuses numbers out of range or not whole where an integer is required', () => {
    assert.match(
      configError(() => loadConfig(SampleConfig, { REQUEST_TIMEOUT_MS: '10' })).message,
      /REQUEST_TIMEOUT_MS \(10\)/,
    );
    assert.match(configError(() => loadConfig(SampleConfig, { PORT: '70000' })).message, /PORT \(70000\)/);
    assert.match(configError(() => loadConfig(SampleConfig, { PORT: '-1' })).message, /PORT \(-1\)/);
    assert.match(configError(() => loadConfig(SampleConfig, { PORT: '80.5' })).message, /PORT \(80.5\)/);
  });

  it('refuses a boolean it cannot read', () => {
    assert.match(
      configError(() => loadConfig(SampleConfig, { EMBEDDED: 'yes' })).message,
      /EMBEDDED \("yes"\)/,
    );
  });

  it('names every bad variable at once, and only those', () => {
    const error = configError(() =>
      loadConfig(SampleConfig, {
        LOG_LEVEL: 'loud',
        NATS_URL: 'http://nats',
        SUBJECT_PREFIX: 'a..b',
        PORT: '80',
      }),
    );
    const variables = new Set(error.problems.map((p) => p.split(' ')[0]));
    assert.deepEqual([...variables].sort(), ['LOG_LEVEL', 'NATS_URL', 'SUBJECT_PREFIX']);
    assert.match(error.message, /NATS_URL \("http:\/\/nats"\): must be a NATS server URL/);
  });
});

describe('loadConfig error messages', () => {
  class SecretConfig {
    @Matches(/^postgres:\/\/[^@]*$/, { message: 'must be a URL without credentials' })
    DATABASE_URL = 'postgres://localhost/x';

    @Matches(/^sk_/, { message: 'must start with sk_' })
    ADMIN_API_KEY = 'sk_default';
  }

  it('never prints a secret or the password inside a URL', () => {
    assert.throws(
      () =>
        loadConfig(SecretConfig, { DATABASE_URL: 'postgres://bob:hunter2@db/x', ADMIN_API_KEY: 'topsecret' }),
      (error: unknown) => {
        assert.ok(error instanceof ConfigError);
        assert.doesNotMatch(error.message, /hunter2|topsecret/);
        assert.match(error.message, /DATABASE_URL/);
        assert.match(error.message, /ADMIN_API_KEY \(\[redacted\]\)/);
        return true;
      },
    );
  });
});
