import mammoth from 'mammoth';
import { ExtractionError } from '../extractor.ts';
import type { FormatParser } from './format-parser.ts';
import { htmlContent } from './html-sections.ts';
import { coreTitle, openPackage } from './ooxml-package.ts';

// DOCX through mammoth's HTML, walked with linkedom: a `section` per heading (mammoth finds
// headings by style name, so the "heading 1" of a localised Word counts too), lists as "- item"
// lines indented by level, tables as "cell | cell" rows, footnotes at the end. mammoth ≥ 1.11 reads
// no external or linked file; images are dropped without being read.

// Paragraph styles of code and console output, as Word ("HTML Preformatted", "Macro Text") and
// LibreOffice ("Preformatted Text", also its conversion of an HTML <pre>) name them: consecutive lines
// become one code block, so no fact or heading is drawn from them.
const CODE_STYLES = ['Preformatted Text', 'HTML Preformatted', 'Source Code', 'Code', 'Code Block', 'Macro Text'];
const STYLE_MAP = [
  "p[style-name='Title'] => h1:fresh",
  "p[style-name='Subtitle'] => h2:fresh",
  ...CODE_STYLES.map((style) => `p[style-name='${style}'] => pre:separator('\\n')`),
];

const damaged = (cause?: unknown) =>
  new ExtractionError('the Word document is damaged or incomplete and cannot be read; open it in Word, save it again and upload the new file', { cause });

async function toHtml(path: string): Promise<string> {
  try {
    const result = await mammoth.convertToHtml(
      { path },
      {
        externalFileAccess: false,
        includeEmbeddedStyleMap: false,
        styleMap: STYLE_MAP,
        ignoreEmptyParagraphs: true,
        convertImage: mammoth.images.imgElement(async () => ({ src: '' })),
      },
    );
    return result.value;
  } catch (error) {
    throw damaged(error);
  }
}

async function readCoreTitle(path: string): Promise<string | undefined> {
  const pkg = await openPackage(path);
  try {
    return await coreTitle(pkg);
  } finally {
    pkg.close();
  }
}

export const parseDocx: FormatParser = async (path, { fileName }) => {
  const html = await toHtml(path);
  // mammoth has read the package, so a failure here can only be in the optional properties part
  const metadataTitle = await readCoreTitle(path).catch(() => undefined);
  return htmlContent(`<!DOCTYPE html><html><body>${html}</body></html>`, metadataTitle ?? null, fileName);
};
