// Typed accessors over an environment map; every failure names the variable at fault.

export class ConfigError extends Error {
  readonly variable: string;
  constructor(variable: string, problem: string) {
    super(`Invalid configuration: ${variable} ${problem}`);
    this.name = 'ConfigError';
    this.variable = variable;
  }
}

interface Bounds { min?: number; max?: number }

export function envReader(env: NodeJS.ProcessEnv) {
  const optional = (name: string): string | undefined => {
    const value = env[name]?.trim();
    return value ? value : undefined;
  };
  const number = (name: string, fallback: number, bounds: Bounds = {}, integer = false): number => {
    const raw = optional(name);
    if (raw === undefined) return fallback;
    const value = Number(raw);
    if (!Number.isFinite(value) || (integer && !Number.isInteger(value))) {
      throw new ConfigError(name, `must be ${integer ? 'an integer' : 'a number'}, got "${raw}"`);
    }
    if (bounds.min !== undefined && value < bounds.min) throw new ConfigError(name, `must be >= ${bounds.min}, got ${value}`);
    if (bounds.max !== undefined && value > bounds.max) throw new ConfigError(name, `must be <= ${bounds.max}, got ${value}`);
    return value;
  };
  return {
    optional,
    string: (name: string, fallback: string): string => optional(name) ?? fallback,
    number,
    integer: (name: string, fallback: number, bounds: Bounds = {}) => number(name, fallback, bounds, true),
    boolean(name: string, fallback: boolean): boolean {
      const raw = optional(name)?.toLowerCase();
      if (raw === undefined) return fallback;
      if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
      if (['0', 'false', 'no', 'off'].includes(raw)) return false;
      throw new ConfigError(name, `must be true or false, got "${raw}"`);
    },
    oneOf<T extends string>(name: string, allowed: readonly T[], fallback: T): T {
      const raw = optional(name);
      if (raw === undefined) return fallback;
      if (!(allowed as readonly string[]).includes(raw)) {
        throw new ConfigError(name, `must be one of ${allowed.join(', ')}, got "${raw}"`);
      }
      return raw as T;
    },
  };
}
