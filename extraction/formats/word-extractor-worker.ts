import { parentPort, workerData } from 'node:worker_threads';
import WordExtractor from 'word-extractor';

// word-extractor in a worker thread: on some malformed files it loops without end, and only a
// thread can be stopped in the middle of synchronous code. A failure surfaces as the worker's error.

export type WordText = { body: string; footnotes: string; endnotes: string; textboxes: string };

const document = await new WordExtractor().extract((workerData as { path: string }).path);
// keep typographic quotes and dashes as written (the default turns them into ASCII)
const asWritten = { filterUnicode: false };
const text: WordText = {
  body: document.getBody(asWritten),
  footnotes: document.getFootnotes(asWritten),
  endnotes: document.getEndnotes(asWritten),
  textboxes: document.getTextboxes({ ...asWritten, includeHeadersAndFooters: false }),
};
parentPort?.postMessage(text);
