import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ExtractionError, type FileExtractor } from './extractor.ts';
import { createOcr } from './ocr.ts';
import { parseInSandbox } from './sandbox.ts';
import { assertNameMatches, sniffFile } from './sniff.ts';

/** Sniff the bytes (bomb-checking zips), refuse a lying name, then parse in the sandbox or OCR. */
export function createFileExtractor(options: { timeoutMs: number; memoryMb: number }): FileExtractor {
  const ocr = createOcr({ timeoutMs: options.timeoutMs });
  return {
    async extract({ path, fileName }) {
      const format = await sniffFile(path, fileName);
      assertNameMatches(format, fileName);
      const title = fileName?.replace(/\.[^.]+$/, '') ?? 'Image';
      if (format === 'png' || format === 'jpeg') {
        const content = await ocr.recognize(path, title);
        if (!content.text) throw new ExtractionError('no text was recognised in the image');
        return { ...content, format };
      }
      const workDir = await mkdtemp(join(tmpdir(), 'lcs-parse-'));
      try {
        const content = await parseInSandbox(format, { path, workDir, ...(fileName ? { fileName } : {}) }, options);
        if (!content.text.trim()) throw new ExtractionError('no text could be extracted from the file');
        return { ...content, format };
      } finally {
        await rm(workDir, { recursive: true, force: true });
      }
    },
    close: () => ocr.close(),
  };
}
