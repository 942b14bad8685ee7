import { createConnection, createServer, type Server, type Socket } from 'node:net';

// A TCP proxy between a client and PostgreSQL that reads the server's side of the wire protocol
// (type byte + 4-byte length per message) and can cut the connection at an exact point: after the
// server committed an INSERT but before the client hears of it, or in the middle of the rows of a
// query's answer. Faults made on purpose, deterministically.

export type Fault = { kind: 'none' } | { kind: 'after-insert-complete' } | { kind: 'after-rows'; rows: number };

export type FaultProxy = { url: string; arm(fault: Fault): void; cuts(): number; close(): Promise<void> };

/** Listens on a free port of 127.0.0.1; `url` is `upstream` with its host and port replaced by the proxy's. */
export async function startFaultProxy(upstream: string): Promise<FaultProxy> {
  const target = new URL(upstream);
  let fault: Fault = { kind: 'none' };
  let cut = 0;
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const server = createConnection({ host: target.hostname, port: Number(target.port || 5432) });
    sockets.add(client).add(server);
    const drop = () => {
      cut++;
      client.destroy();
      server.destroy();
    };
    client.on('data', (chunk) => server.write(chunk));
    let pending = Buffer.alloc(0);
    let rowsInAnswer = 0;
    // Set once an INSERT's CommandComplete was withheld: nothing more reaches the client, and the
    // connection is cut at the ReadyForQuery that follows, which the server sends only after the
    // commit (an extended-protocol statement commits at its Sync, after CommandComplete was queued).
    let withholding = false;
    server.on('data', (chunk: Buffer) => {
      pending = Buffer.concat([pending, chunk]);
      const out: Buffer[] = [];
      let offset = 0;
      while (pending.length - offset >= 5) {
        const length = pending.readUInt32BE(offset + 1);
        if (pending.length - offset < 1 + length) break;
        const message = pending.subarray(offset, offset + 1 + length);
        offset += 1 + length;
        const type = String.fromCharCode(message[0] as number);
        if (withholding) {
          if (type !== 'Z') continue;
          client.write(Buffer.concat(out));
          return drop();
        }
        if (type === 'D') rowsInAnswer++;
        if (type === 'Z') rowsInAnswer = 0;
        if (fault.kind === 'after-insert-complete' && type === 'C' && message.subarray(5).toString('latin1').startsWith('INSERT')) {
          fault = { kind: 'none' };
          withholding = true;
          continue;
        }
        if (fault.kind === 'after-rows' && type === 'D' && rowsInAnswer > fault.rows) {
          // The rows before this one reach the client; this one and the rest never do.
          fault = { kind: 'none' };
          client.write(Buffer.concat(out));
          return drop();
        }
        out.push(message);
      }
      pending = pending.subarray(offset);
      if (out.length > 0) client.write(Buffer.concat(out));
    });
    for (const socket of [client, server]) {
      socket.on('error', () => undefined);
      socket.on('close', () => {
        sockets.delete(socket);
        client.destroy();
        server.destroy();
      });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(upstream);
  url.hostname = '127.0.0.1';
  url.port = String((server.address() as { port: number }).port);
  return {
    url: url.href,
    arm: (next) => {
      fault = next;
    },
    cuts: () => cut,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
