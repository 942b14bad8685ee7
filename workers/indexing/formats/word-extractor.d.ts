// word-extractor ships no types; this is the part of its API the DOC parser uses.
declare module 'word-extractor' {
  class Document {
    getBody(): string;
  }
  export default class WordExtractor {
    extract(source: string | Buffer): Promise<Document>;
  }
}
