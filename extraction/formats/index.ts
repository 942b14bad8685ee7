import type { FileFormat } from '../extractor.ts';
import type * as Csv from './csv.ts';
import type * as Doc from './doc.ts';
import type * as Docx from './docx.ts';
import type * as Epub from './epub.ts';
import type { FormatParser } from './format-parser.ts';
import type * as Image from './image.ts';
import type * as Markup from './markup.ts';
import type * as OpenDocument from './opendocument.ts';
import type * as Pdf from './pdf.ts';
import type * as Ppt from './ppt.ts';
import type * as Pptx from './pptx.ts';
import type * as Text from './text.ts';
import type * as Xls from './xls.ts';
import type * as Xlsx from './xlsx.ts';

// Which parser reads each format, named by module and export rather than imported: the sandboxed
// child imports only the one it runs, and the worker process never loads a parser at all.

/** A FormatParser exported as `name` by the module at the file URL `module`. */
export type ParserLocation = { module: string; name: string };

type ParserExport<Module> = { [Name in keyof Module]: Module[Name] extends FormatParser ? Name : never }[keyof Module] & string;

const at = <Module>(file: string, name: ParserExport<Module>): ParserLocation => ({ module: new URL(file, import.meta.url).href, name });

export const parsers: Record<FileFormat, ParserLocation> = {
  pdf: at<typeof Pdf>('./pdf.ts', 'parsePdf'),
  docx: at<typeof Docx>('./docx.ts', 'parseDocx'),
  doc: at<typeof Doc>('./doc.ts', 'parseDoc'),
  pptx: at<typeof Pptx>('./pptx.ts', 'parsePptx'),
  ppt: at<typeof Ppt>('./ppt.ts', 'parsePpt'),
  xlsx: at<typeof Xlsx>('./xlsx.ts', 'parseXlsx'),
  xls: at<typeof Xls>('./xls.ts', 'parseXls'),
  txt: at<typeof Text>('./text.ts', 'parseText'),
  csv: at<typeof Csv>('./csv.ts', 'parseCsv'),
  png: at<typeof Image>('./image.ts', 'parseImage'),
  jpeg: at<typeof Image>('./image.ts', 'parseImage'),
  epub: at<typeof Epub>('./epub.ts', 'parseEpub'),
  markdown: at<typeof Markup>('./markup.ts', 'parseMarkdown'),
  html: at<typeof Markup>('./markup.ts', 'parseHtml'),
  odt: at<typeof OpenDocument>('./opendocument.ts', 'parseOdt'),
  odp: at<typeof OpenDocument>('./opendocument.ts', 'parseOdp'),
};

/** Imports the parser a location names; used inside the sandboxed child. */
export async function loadParser(location: ParserLocation): Promise<FormatParser> {
  const parser: unknown = (await import(location.module))[location.name];
  if (typeof parser !== 'function') throw new Error(`${location.module} has no parser named ${location.name}`);
  return parser as FormatParser;
}
