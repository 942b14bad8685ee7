// word-extractor ships no types; this is the part of its API the DOC parser uses.
declare module 'word-extractor' {
  type TextOptions = { filterUnicode?: boolean };
  class Document {
    getBody(options?: TextOptions): string;
    getFootnotes(options?: TextOptions): string;
    getEndnotes(options?: TextOptions): string;
    getTextboxes(options?: TextOptions & { includeHeadersAndFooters?: boolean; includeBody?: boolean }): string;
  }
  export default class WordExtractor {
    extract(source: string | Buffer): Promise<Document>;
  }
}
