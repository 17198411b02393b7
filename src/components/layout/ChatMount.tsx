import { graphql, useStaticQuery } from 'gatsby';
import { ChatLauncher } from '../../features/chat/ChatLauncher';
import type { ChatScript } from '../../features/chat/script-schema';

/** Where the chat assistant mounts, inside the persistent layout, fed with its script from content. */
export function ChatMount({ contactEmail }: { contactEmail: string }) {
  const { chatJson } = useStaticQuery<Queries.ChatScriptQuery>(graphql`
    query ChatScript {
      chatJson {
        content
      }
    }
  `);
  // Validated against the chat script schema before the build (src/content-model/check.ts).
  return <ChatLauncher script={chatJson!.content as ChatScript} contactEmail={contactEmail} />;
}
