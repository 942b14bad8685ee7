import { ExtractionError } from './extractor.ts';
import { loadParser } from './formats/index.ts';
import type { ChildMessage, ParseRequest } from './sandbox.ts';

// Entry of the sandboxed parser process (sandbox.ts starts it with an IPC channel). It loads the
// parser it was started for, says it is ready, then parses the files it is sent, one at a time,
// until the channel closes. The parent watches its memory and time.

const [preloadModule, preloadName] = process.argv.slice(2);

const send = (message: ChildMessage) => process.send?.(message);

const isAllocationFailure = (error: unknown) => error instanceof RangeError && /allocation failed|out of memory|Invalid string length/i.test(error.message);

async function parse(request: ParseRequest): Promise<ChildMessage> {
  try {
    const parser = await loadParser(request.parser);
    const content = await parser(request.path, { workDir: request.workDir, ...(request.fileName ? { fileName: request.fileName } : {}) });
    return { type: 'result', id: request.id, ok: true, content };
  } catch (error) {
    if (error instanceof ExtractionError)
      return { type: 'result', id: request.id, ok: false, failure: 'parser', message: error.message, retryable: error.retryable };
    if (isAllocationFailure(error)) return { type: 'result', id: request.id, ok: false, failure: 'memory', message: String(error), retryable: false };
    return {
      type: 'result',
      id: request.id,
      ok: false,
      failure: 'crash',
      message: error instanceof Error ? (error.stack ?? error.message) : String(error),
      retryable: false,
    };
  }
}

if (preloadModule && preloadName) await loadParser({ module: preloadModule, name: preloadName });
send({ type: 'ready' });
process.on('message', (request: ParseRequest) => {
  void parse(request).then(send);
});
process.on('disconnect', () => process.exit(0));
