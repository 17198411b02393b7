// The script's texts may contain {email}; the address comes from the site settings, not the chat script,
// so it is filled in once before the script is used.
import { mapStrings } from '../../lib/json-strings';
import type { ChatScript } from './script-schema';

export function fillPlaceholders(script: ChatScript, values: { email: string }): ChatScript {
  return mapStrings(script, (text) => text.split('{email}').join(values.email));
}
