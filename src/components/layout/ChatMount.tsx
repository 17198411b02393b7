/** Where the chat assistant's launcher mounts, inside the persistent layout. */
export function ChatMount(_props: { contactEmail: string }) {
  return null;
}
