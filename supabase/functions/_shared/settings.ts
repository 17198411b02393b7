// Reading an Edge Function's settings from its environment: errors name the setting, never its value.
export class ConfigError extends Error {}

export function positiveNumber(env: Record<string, string | undefined>, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new ConfigError(`${name} must be a positive number`);
  return value;
}
