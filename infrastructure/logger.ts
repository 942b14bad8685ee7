import { pino, type DestinationStream, type Logger } from 'pino';

// The service's logger: JSON lines on standard output, with the fields that may hold a key or a
// secret redacted (the access log, whose fields hold none, skips that pass: http/request-trace.ts).

/** Lines are written once this many bytes wait (or every FLUSH_MS), up to 16 times that in one write. */
const BATCH_BYTES = 64 * 1024;
const FLUSH_MS = 250;

export const createLogger = (options: { level: string; role: string }, destination: DestinationStream): Logger =>
  pino({ level: options.level, base: { role: options.role }, redact: ['req.headers', '*.apiKey', '*.adminKey'] }, destination);

/**
 * Standard output, written asynchronously in batches; what waits is written when the process exits.
 * A write per line woke a thread of the pool on every request (batches of 16 KB were measured
 * slower than 64 KB, synchronous writes slower still). Lines go in as Buffers: with text,
 * sonic-boom measures what waits by flattening it on every line, and writes it a piece at a time.
 */
export function stdoutDestination(): DestinationStream {
  const stdout = pino.destination({ dest: 1, sync: false, contentMode: 'buffer', minLength: BATCH_BYTES, maxWrite: 16 * BATCH_BYTES, periodicFlush: FLUSH_MS });
  // sonic-boom's typings know only text; in buffer mode it takes Buffers.
  return { write: (line: string) => void stdout.write(Buffer.from(line) as unknown as string) };
}
