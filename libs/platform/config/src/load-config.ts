import { plainToInstance } from 'class-transformer';
import { validateSync, ValidationError } from 'class-validator';

/** A configuration value that failed validation names the variable, so start-up says what to fix. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const SECRET_NAME = /KEY|SECRET|PASSWORD|TOKEN|CREDENTIAL/i;

/** The value as shown in an error: never a secret, never the password inside a URL. */
function shown(name: string, value: unknown): string {
  if (value === undefined) return 'unset';
  if (SECRET_NAME.test(name)) return '[redacted]';
  return JSON.stringify(value).replace(/\/\/[^/@\s"]*@/g, '//[redacted]@');
}

function describe(errors: ValidationError[]): string[] {
  return errors.flatMap((error) => {
    const constraints = Object.values(error.constraints ?? {});
    const value = shown(error.property, error.value);
    return constraints.map((c) => `${error.property} (${value}): ${c}`);
  });
}

/** Environment values are text: convert to the type of the property's default. */
function convert(value: string, defaultValue: unknown): unknown {
  if (typeof defaultValue === 'number') return /^-?\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : value;
  if (typeof defaultValue === 'boolean') {
    if (value === 'true' || value === '1') return true;
    if (value === 'false' || value === '0') return false;
  }
  return value;
}

/**
 * Builds one validated config object from the environment. The class declares each variable as a
 * property with its default and class-validator rules; numbers and booleans are converted by the type of the default.
 */
export function loadConfig<T extends object>(schema: new () => T, env: NodeJS.ProcessEnv = process.env): T {
  const defaults = new schema() as Record<string, unknown>;
  const raw: Record<string, unknown> = {};
  for (const key of Object.keys(defaults)) {
    const value = env[key];
    raw[key] = value === undefined || value === '' ? defaults[key] : convert(value, defaults[key]);
  }
  const config = plainToInstance(schema, raw, { exposeDefaultValues: true });
  const errors = validateSync(config, { whitelist: false, forbidUnknownValues: true });
  if (errors.length > 0) throw new ConfigError(describe(errors));
  return config;
}
