import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createWorker, OEM, PSM, type Worker } from 'tesseract.js';
import { ExtractionError } from './extractor.ts';

// Text recognition with one long-lived tesseract.js worker, fully offline: the English model comes
// from the @tesseract.js-data/eng package (langPath), never from a CDN. Starting the engine can hang
// instead of failing (FIELD-NOTES), so start and recognition are both bounded; a worker that timed
// out is terminated and the next call starts a fresh one.

export type OcrEngine = {
  /** The text of the image at `path`, lines separated by \n and paragraphs by a blank line. */
  recognize(path: string): Promise<string>;
  close(): Promise<void>;
};

export type OcrOptions = { startTimeoutMs?: number; recognizeTimeoutMs?: number };

const langPath = () => join(dirname(createRequire(import.meta.url).resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');

function withTimeout<T>(work: Promise<T>, ms: number, failure: ExtractionError): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expiry = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(failure), ms);
  });
  return Promise.race([work, expiry]).finally(() => clearTimeout(timer));
}

export function createOcrEngine(options: OcrOptions = {}): OcrEngine {
  const startTimeoutMs = options.startTimeoutMs ?? 30_000;
  const recognizeTimeoutMs = options.recognizeTimeoutMs ?? 60_000;
  let worker: Promise<Worker> | null = null;
  let queue: Promise<unknown> = Promise.resolve();

  const start = async (): Promise<Worker> => {
    const started = await createWorker('eng', OEM.LSTM_ONLY, {
      langPath: langPath(),
      gzip: true,
      cacheMethod: 'none',
      // Without a handler a failed load throws outside any promise; the start timeout covers the hang.
      errorHandler: () => undefined,
    });
    // Fully automatic layout without orientation detection: pages, screenshots and single lines alike.
    await started.setParameters({ tessedit_pageseg_mode: PSM.AUTO });
    return started;
  };

  const startBounded = (): Promise<Worker> => {
    const starting = start();
    return withTimeout(starting, startTimeoutMs, new ExtractionError('the text recognition engine did not start in time', { retryable: true })).catch(
      (error: unknown) => {
        // A start that hangs past the timeout may still finish later: its worker must not linger.
        void starting.then(
          (late) => late.terminate(),
          () => undefined,
        );
        throw error;
      },
    );
  };

  const discard = async (current: Promise<Worker> | null) => {
    if (worker === current) worker = null;
    const ready = await current?.catch(() => null);
    await ready?.terminate().catch(() => undefined);
  };

  const recognize = async (path: string): Promise<string> => {
    const current = (worker ??= startBounded());
    let ready: Worker;
    try {
      ready = await current;
    } catch (error) {
      await discard(current);
      throw error instanceof ExtractionError ? error : new ExtractionError('the text recognition engine could not start', { retryable: true, cause: error });
    }
    try {
      const tooSlow = new ExtractionError(`text recognition did not finish within ${Math.round(recognizeTimeoutMs / 1000)} s`);
      const result = await withTimeout(ready.recognize(path), recognizeTimeoutMs, tooSlow);
      return result.data.text.trim();
    } catch (error) {
      if (error instanceof ExtractionError) {
        await discard(current);
        throw error;
      }
      throw new ExtractionError('the image is damaged and cannot be read', { cause: error });
    }
  };

  return {
    // The worker reads one image at a time; callers wait their turn.
    recognize(path) {
      const next = queue.then(() => recognize(path));
      queue = next.catch(() => undefined);
      return next;
    },
    close: () => discard(worker),
  };
}
