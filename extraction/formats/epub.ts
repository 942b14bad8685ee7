import { posix } from 'node:path';
import { ExtractionError } from '../extractor.ts';
import type { FormatParser } from './format-parser.ts';
import { htmlSections, type Section, sectionsContent } from './html-sections.ts';
import { type OfficePackage, readPackage } from './ooxml-package.ts';

// EPUB 2 and 3: the package document named by META-INF/container.xml gives the title and the reading
// order (the spine); each chapter's XHTML is read like an HTML file, its headings making sections.
// The zip was checked for bombs before this runs; scripts in chapters are never run.

const MAX_CHAPTERS = 2_000;

const damaged = (cause?: unknown) =>
  new ExtractionError('the EPUB book is damaged or incomplete and cannot be read; export it again and upload the new file', { cause });

type PackageDocument = { title?: string; chapters: string[] };

async function packageDocumentPath(pkg: OfficePackage): Promise<string> {
  let rootfile: string | undefined;
  await pkg.scan('META-INF/container.xml', {
    open(name, attributes) {
      if (name === 'rootfile' && !rootfile && attributes['full-path']) rootfile = attributes['full-path'];
    },
  });
  if (!rootfile || !pkg.has(rootfile)) throw damaged();
  return rootfile;
}

async function readPackageDocument(pkg: OfficePackage, path: string): Promise<PackageDocument> {
  const manifest = new Map<string, { href: string; type: string }>();
  const spine: string[] = [];
  let title = '';
  let inTitle = false;
  await pkg.scan(path, {
    open(name, attributes) {
      inTitle = name === 'title' && !title;
      if (name === 'item' && attributes['id'] && attributes['href'])
        manifest.set(attributes['id'], { href: attributes['href'], type: attributes['media-type'] ?? '' });
      if (name === 'itemref' && attributes['idref'] && attributes['linear'] !== 'no') spine.push(attributes['idref']);
    },
    close: () => void (inTitle = false),
    text: (text) => void (inTitle && (title += text)),
  });
  const chapters = spine
    .map((id) => manifest.get(id))
    .filter((item): item is { href: string; type: string } => item !== undefined && /html/.test(item.type))
    .map((item) => posix.normalize(posix.join(posix.dirname(path), decodeURIComponent(item.href))))
    .filter((chapter) => pkg.has(chapter));
  const cleaned = title.replace(/\s+/g, ' ').trim();
  return { ...(cleaned ? { title: cleaned } : {}), chapters };
}

export const parseEpub: FormatParser = (path, { fileName }) =>
  readPackage(path, damaged, async (pkg) => {
    if (!pkg.has('META-INF/container.xml')) throw damaged();
    const book = await readPackageDocument(pkg, await packageDocumentPath(pkg));
    if (book.chapters.length === 0) throw new ExtractionError('the EPUB book has no chapters to read');
    if (book.chapters.length > MAX_CHAPTERS) throw new ExtractionError(`the EPUB book has more than ${MAX_CHAPTERS} chapters; split it into smaller files`);
    const sections: Section[] = [];
    for (const chapter of book.chapters) sections.push(...htmlSections(await pkg.readText(chapter)));
    return sectionsContent(sections, book.title, fileName);
  });
