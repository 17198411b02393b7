// The small XML bodies a CalDAV server answers a PUT or DELETE with: a DAV:error naming a failed precondition
// (RFC 4918, 16; CalDAV's in RFC 4791, 1.3 and 5.3.2.1) or a DAV:multistatus with a status per resource (RFC
// 4918, 13). Elements are matched by local name, as the REPORT check in caldav.ts does: servers pick their own
// prefixes, and DAV's and CalDAV's element names used here do not collide. A DOCTYPE is refused, so no entity
// can expand. (REPORT answers, with calendar data inside, are read by tsdav.)
export type XmlElement = { name: string; children: XmlElement[]; text: string };

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

const decode = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, entity: string) => {
    if (entity[0] !== '#') return ENTITIES[entity] ?? whole;
    const code = entity[1].toLowerCase() === 'x' ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
    return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });

const localName = (qualified: string) => qualified.slice(qualified.indexOf(':') + 1);

const TOKEN =
  /<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<!\[CDATA\[([\s\S]*?)\]\]>|<!([^>]*)>|<\/\s*([^\s>]+)\s*>|<([^\s/>]+)((?:[^>"']|"[^"]*"|'[^']*')*?)(\/?)>|([^<]+)/g;

/** The document's root element; throws on anything that is not well-formed enough to read. */
export function parseXml(body: string): XmlElement {
  const root: XmlElement = { name: '', children: [], text: '' };
  const open: { element: XmlElement; qualified: string }[] = [{ element: root, qualified: '' }];
  let consumed = 0;
  for (const match of body.matchAll(TOKEN)) {
    if (match.index !== consumed) throw new Error('not XML');
    consumed = match.index + match[0].length;
    const [, cdata, declaration, closing, opening, , selfClosing, text] = match;
    const current = open.at(-1)!.element;
    if (cdata !== undefined) current.text += cdata;
    else if (declaration !== undefined) throw new Error('a DOCTYPE or other declaration');
    else if (closing !== undefined) {
      if (open.length < 2 || open.at(-1)!.qualified !== closing) throw new Error(`an unexpected </${closing}>`);
      open.pop();
    } else if (opening !== undefined) {
      const element: XmlElement = { name: localName(opening), children: [], text: '' };
      current.children.push(element);
      if (!selfClosing) open.push({ element, qualified: opening });
    } else if (text !== undefined) current.text += decode(text);
  }
  if (consumed !== body.length || open.length !== 1 || root.children.length !== 1) throw new Error('not XML');
  return root.children[0];
}

/** `element`'s children named `name`. */
export const childrenNamed = (element: XmlElement, name: string) =>
  element.children.filter((child) => child.name === name);

/** Every element below `element` (not itself) named `name`, in document order. */
export function descendantsNamed(element: XmlElement, name: string): XmlElement[] {
  return element.children.flatMap((child) => [
    ...(child.name === name ? [child] : []),
    ...descendantsNamed(child, name),
  ]);
}

/** The status code of an HTTP status line ("HTTP/1.1 403 Forbidden"), or undefined. */
export function statusOf(element: XmlElement | undefined): { code: number; line: string } | undefined {
  const line = element?.text.trim() ?? '';
  const code = /^HTTP\/\d(?:\.\d)?\s+(\d{3})\b/i.exec(line)?.[1];
  return code ? { code: Number(code), line: line.replace(/^HTTP\/\S+\s+/i, '') } : undefined;
}
