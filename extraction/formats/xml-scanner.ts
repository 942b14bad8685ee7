// A streaming scanner for the machine-written XML inside Office packages. It reports elements by
// local name (namespace prefix dropped) and decodes only the predefined and numeric entities: no
// DTD is read, so no entity can expand. A worksheet of a million rows streams through in constant
// memory, where a DOM would hold every cell.

export type XmlEvents = {
  open?(name: string, attributes: Record<string, string>, selfClosing: boolean): void;
  close?(name: string): void;
  text?(text: string): void;
};

export class MalformedXmlError extends Error {}

const TAG = /<(\/?)([^\s/>=]+)((?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>/y;
const ATTRIBUTE = /([^\s=/>]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
const ENTITY = /&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|lt|gt|amp|quot|apos);/g;
const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
/** An unfinished tag longer than this is not waiting for more input: it is broken. */
const MAX_TAG_CHARS = 1024 * 1024;

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

const decodeEntities = (text: string): string =>
  text.includes('&')
    ? text.replace(ENTITY, (_, entity: string) => {
        if (entity[0] !== '#') return NAMED[entity] ?? '';
        const code = entity[1] === 'x' ? Number.parseInt(entity.slice(2), 16) : Number(entity.slice(1));
        return code <= 0x10ffff ? String.fromCodePoint(code) : '\uFFFD';
      })
    : text;

function attributesOf(source: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const match of source.matchAll(ATTRIBUTE)) {
    attributes[localName(match[1] as string)] = decodeEntities(match[2] ?? match[3] ?? '');
  }
  return attributes;
}

/** The end of a comment, CDATA section, processing instruction or DOCTYPE, or -1 while it is incomplete. */
function skipSpecial(buffer: string, at: number, events: XmlEvents): number {
  if (buffer.startsWith('<!--', at)) {
    const end = buffer.indexOf('-->', at + 4);
    return end < 0 ? -1 : end + 3;
  }
  if (buffer.startsWith('<![CDATA[', at)) {
    const end = buffer.indexOf(']]>', at + 9);
    if (end < 0) return -1;
    events.text?.(buffer.slice(at + 9, end));
    return end + 3;
  }
  if (buffer.startsWith('<?', at)) {
    const end = buffer.indexOf('?>', at + 2);
    return end < 0 ? -1 : end + 2;
  }
  // <!DOCTYPE ...>, with an internal subset in brackets when there is one
  const subset = buffer.indexOf('[', at);
  const close = buffer.indexOf('>', at);
  if (close < 0) return -1;
  if (subset < 0 || subset > close) return close + 1;
  const end = buffer.indexOf(']>', subset);
  return end < 0 ? -1 : end + 2;
}

export class XmlScanner {
  #buffer = '';
  readonly #events: XmlEvents;

  constructor(events: XmlEvents) {
    this.#events = events;
  }

  write(chunk: string): void {
    this.#buffer += chunk;
    this.#drain(false);
  }

  end(): void {
    this.#drain(true);
    if (this.#buffer.trim() !== '') throw new MalformedXmlError('the XML ends inside a tag');
    this.#buffer = '';
  }

  #drain(final: boolean): void {
    const buffer = this.#buffer;
    const events = this.#events;
    let position = 0;
    while (position < buffer.length) {
      const lt = buffer.indexOf('<', position);
      if (lt < 0) {
        if (final) {
          events.text?.(decodeEntities(buffer.slice(position)));
          position = buffer.length;
        }
        break;
      }
      if (lt > position) events.text?.(decodeEntities(buffer.slice(position, lt)));
      position = lt;
      const next = buffer[lt + 1];
      if (next === '!' || next === '?') {
        const end = skipSpecial(buffer, lt, events);
        if (end < 0) {
          if (final) throw new MalformedXmlError('the XML ends inside a declaration');
          break;
        }
        position = end;
        continue;
      }
      TAG.lastIndex = lt;
      const tag = TAG.exec(buffer);
      if (!tag) {
        if (final || buffer.length - lt > MAX_TAG_CHARS) throw new MalformedXmlError('the XML has a malformed tag');
        break;
      }
      position = TAG.lastIndex;
      const name = localName(tag[2] as string);
      if (tag[1]) events.close?.(name);
      else {
        const selfClosing = tag[4] === '/';
        events.open?.(name, tag[3] ? attributesOf(tag[3]) : {}, selfClosing);
        if (selfClosing) events.close?.(name);
      }
    }
    this.#buffer = buffer.slice(position);
  }
}
