import { ExtractionError, type FileExtractor, type FileFormat } from './extractor.ts';
import { parsers } from './formats/index.ts';
import { assertImageSizeAllowed } from './formats/image.ts';
import { createResidentSandbox, parseInSandbox, type SandboxLimits } from './sandbox.ts';
import { assertNameMatchesContent, sniffFormat } from './sniff.ts';
import { defaultZipLimits, guardZip, type ZipLimits } from './zip-guard.ts';

// Sniff the bytes → refuse a name that lies → check a zip container for bombs → parse in a sandboxed
// child. Documents get a fresh child each; images go to one long-lived child that keeps its OCR
// engine warm (its start costs ~1 s) and is stopped after a while without work. OCR is not run in
// the worker process itself: tesseract's wasm memory only grows, and a large image would leave the
// worker holding hundreds of MB; in a child it is capped, killed on a timeout and returned when idle.

// A 40-megapixel image (the largest accepted) peaked at ~570 MB resident in the OCR child.
const OCR_MIN_MEMORY_MB = 1024;

export type FileExtractorOptions = SandboxLimits & {
  /** Limits for OCR of PNG and JPEG: by default the document timeout, at least 1 GB, stopped after 60 s idle. */
  ocr?: Partial<SandboxLimits> & { idleMs?: number };
  zip?: ZipLimits;
};

const zipContainers: ReadonlySet<FileFormat> = new Set(['docx', 'pptx', 'xlsx', 'epub', 'odt', 'odp']);
const isImage = (format: FileFormat) => format === 'png' || format === 'jpeg';

export function createFileExtractor(options: FileExtractorOptions): FileExtractor {
  const limits: SandboxLimits = { timeoutMs: options.timeoutMs, memoryMb: options.memoryMb };
  const ocr = createResidentSandbox(parsers.png, {
    timeoutMs: options.ocr?.timeoutMs ?? options.timeoutMs,
    memoryMb: options.ocr?.memoryMb ?? Math.max(options.memoryMb, OCR_MIN_MEMORY_MB),
    idleMs: options.ocr?.idleMs ?? 60_000,
  });

  return {
    async extract({ path, fileName }) {
      const format = await sniffFormat(path, fileName);
      assertNameMatchesContent(format, fileName);
      if (zipContainers.has(format)) await guardZip(path, options.zip ?? defaultZipLimits);
      const input = { path, ...(fileName ? { fileName } : {}) };
      let content;
      if (isImage(format)) {
        // Refused here, before the OCR child spends anything on it.
        await assertImageSizeAllowed(path);
        content = await ocr.parse(input);
      } else {
        content = await parseInSandbox(parsers[format], input, limits);
      }
      if (!content.text.trim())
        throw new ExtractionError(
          isImage(format) ? 'no text could be extracted: no text was recognised in the image' : 'no text could be extracted from the file',
        );
      return { ...content, format };
    },
    close: () => ocr.close(),
  };
}
