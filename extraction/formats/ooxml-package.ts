import { posix } from 'node:path';
import yauzl from 'yauzl';
import { ExtractionError } from '../extractor.ts';
import { XmlScanner, type XmlEvents } from './xml-scanner.ts';

// Reading parts of an Office Open XML package (the zip behind DOCX, XLSX and PPTX): parts are found
// through their relationships, as the format defines, not by guessing file names. OpenDocument and
// EPUB are zips of parts too, and are read through the same package. The zip was
// checked for bombs before this runs; parts are streamed, never inflated whole.

export type Relationship = { id: string; type: string; target: string };

export type OfficePackage = {
  has(part: string): boolean;
  scan(part: string, events: XmlEvents): Promise<void>;
  /** A part's whole text (UTF-8); the zip guard has bounded what it inflates to. */
  readText(part: string): Promise<string>;
  /** Relationships of a part ('' for the package itself), internal targets resolved to part names. */
  relationships(part: string): Promise<Relationship[]>;
  close(): void;
};

const relationshipsPart = (part: string) => (part === '' ? '_rels/.rels' : posix.join(posix.dirname(part), '_rels', `${posix.basename(part)}.rels`));

function resolveTarget(source: string, target: string): string {
  let decoded = target;
  try {
    decoded = decodeURIComponent(target);
  } catch {
    // a stray % is a literal character in the name
  }
  return decoded.startsWith('/') ? decoded.slice(1) : posix.normalize(posix.join(posix.dirname(source), decoded));
}

export async function openPackage(path: string): Promise<OfficePackage> {
  const zip = await yauzl.openPromise(path, { lazyEntries: true, autoClose: false, strictFileNames: false, validateEntrySizes: true });
  const entries = new Map<string, yauzl.Entry>();
  try {
    for await (const entry of zip.eachEntry()) entries.set(entry.fileName.toLowerCase(), entry);
  } catch (error) {
    zip.close();
    throw error;
  }
  const entryOf = (part: string) => entries.get(part.toLowerCase());

  const scan = async (part: string, events: XmlEvents) => {
    const entry = entryOf(part);
    if (!entry) throw new Error(`the package has no part ${part}`);
    const stream = await zip.openReadStreamPromise(entry);
    stream.setEncoding('utf8');
    const scanner = new XmlScanner(events);
    for await (const chunk of stream) scanner.write(chunk as string);
    scanner.end();
  };

  return {
    has: (part) => entryOf(part) !== undefined,
    scan,
    async readText(part) {
      const entry = entryOf(part);
      if (!entry) throw new Error(`the package has no part ${part}`);
      const chunks: Buffer[] = [];
      for await (const chunk of await zip.openReadStreamPromise(entry)) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks).toString('utf8');
    },
    async relationships(part) {
      const source = relationshipsPart(part);
      if (!entryOf(source)) return [];
      const found: Relationship[] = [];
      await scan(source, {
        open(name, attributes) {
          if (name !== 'Relationship' || attributes['TargetMode'] === 'External') return;
          const { Id: id, Type: type, Target: target } = attributes;
          if (id && type && target) found.push({ id, type, target: resolveTarget(part, target) });
        },
      });
      return found;
    },
    close: () => zip.close(),
  };
}

export const relationshipOfType = (relationships: Relationship[], typeSuffix: string) =>
  relationships.find((relationship) => relationship.type.endsWith(typeSuffix));

/** The part the package's officeDocument relationship points at (word/document.xml, xl/workbook.xml, ...). */
export async function mainPart(pkg: OfficePackage): Promise<string | undefined> {
  return relationshipOfType(await pkg.relationships(''), '/officeDocument')?.target;
}

/** The title in the document's core properties (File > Properties), when one is set. */
export async function coreTitle(pkg: OfficePackage): Promise<string | undefined> {
  const part = relationshipOfType(await pkg.relationships(''), '/metadata/core-properties')?.target ?? 'docProps/core.xml';
  if (!pkg.has(part)) return undefined;
  let inTitle = false;
  let title = '';
  await pkg.scan(part, {
    open: (name) => void (inTitle = name === 'title'),
    close: () => void (inTitle = false),
    text: (text) => void (inTitle && (title += text)),
  });
  return title.replace(/\s+/g, ' ').trim() || undefined;
}

/**
 * Opens the package at `path` and hands it to `read`, closing it after; a package that cannot be
 * opened, or any failure that is not already an ExtractionError, becomes `damaged(cause)`.
 */
export async function readPackage<T>(path: string, damaged: (cause?: unknown) => ExtractionError, read: (pkg: OfficePackage) => Promise<T>): Promise<T> {
  let pkg: OfficePackage;
  try {
    pkg = await openPackage(path);
  } catch (error) {
    throw damaged(error);
  }
  try {
    return await read(pkg);
  } catch (error) {
    if (error instanceof ExtractionError) throw error;
    throw damaged(error);
  } finally {
    pkg.close();
  }
}
