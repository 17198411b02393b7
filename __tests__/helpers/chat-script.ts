// The chat script as visitors meet it: content/chat.json checked against its schema, with the site's
// figures ({noShowReduction} …) filled in from content/site.json as the build does, and the contact
// address filled in as the widget does.
import chatJson from '../../content/chat.json';
import site from '../../content/site.json';
import { fillSiteTokens, siteTokenValues } from '../../src/content-model/site-tokens';
import { mapStrings } from '../../src/lib/json-strings';
import { fillPlaceholders } from '../../src/features/chat/placeholders';
import { chatScript, type ChatScript } from '../../src/features/chat/script-schema';

export const TEST_CONTACT_EMAIL = 'hello@example.com';

export function builtChatScript(email: string = TEST_CONTACT_EMAIL): ChatScript {
  const values = siteTokenValues(site);
  const withFigures = mapStrings(chatScript.parse(chatJson), (text) => fillSiteTokens(text, values));
  return fillPlaceholders(withFigures, { email });
}
