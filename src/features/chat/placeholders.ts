// The script's texts may contain {email}; the address comes from the site settings, not the chat script,
// so it is filled in once before the script is used.
import type { ChatScript } from './script-schema';

function fill<T>(value: T, replace: (text: string) => string): T {
  if (typeof value === 'string') return replace(value) as T;
  if (Array.isArray(value)) return value.map((item) => fill(item, replace)) as T;
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fill(item, replace)])) as T;
  }
  return value;
}

export function fillPlaceholders(script: ChatScript, values: { email: string }): ChatScript {
  return fill(script, (text) => text.split('{email}').join(values.email));
}
