import { createConnection, createServer, type Server, type Socket } from 'node:net';

// A TCP proxy between a client and PostgreSQL that reads the server's side of the wire protocol
// (type byte + 4-byte length per message) and can cut the connection at an exact point: after the
// server reported an INSERT complete (its transaction committed) but before the client hears it,
// or in the middle of the rows of a query's answer. Faults made on purpose, deterministically.

export type Fault = { kind: 'none' } | { kind: 'after-insert-complete' } | { kind: 'after-rows'; rows: number };

export type FaultProxy = { url: string; arm(fault: Fault): void; cuts(): number; close(): Promise<void> };

export async function startFaultProxy(upstream: { host: string; port: number }, database: string): Promise<FaultProxy> {
  let fault: Fault = { kind: 'none' };
  let cut = 0;
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const server = createConnection(upstream);
    sockets.add(client).add(server);
    const drop = () => {
      cut++;
      fault = { kind: 'none' };
      client.destroy();
      server.destroy();
    };
    client.on('data', (chunk) => server.write(chunk));
    let pending = Buffer.alloc(0);
    let rowsInAnswer = 0;
    server.on('data', (chunk: Buffer) => {
      pending = Buffer.concat([pending, chunk]);
      let forward = 0;
      while (pending.length - forward >= 5) {
        const type = String.fromCharCode(pending[forward] as number);
        const length = pending.readUInt32BE(forward + 1);
        if (pending.length - forward < 1 + length) break;
        const body = pending.subarray(forward + 5, forward + 1 + length);
        if (type === 'D') rowsInAnswer++;
        if (type === 'Z') rowsInAnswer = 0;
        const insertDone = fault.kind === 'after-insert-complete' && type === 'C' && body.toString('latin1').startsWith('INSERT');
        const rowsDone = fault.kind === 'after-rows' && type === 'D' && rowsInAnswer > fault.rows;
        if (insertDone || rowsDone) {
          // What came before this message reaches the client; this message and the rest never do.
          client.write(pending.subarray(0, forward));
          drop();
          return;
        }
        forward += 1 + length;
      }
      client.write(pending.subarray(0, forward));
      pending = pending.subarray(forward);
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
  const port = (server.address() as { port: number }).port;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/${database}`,
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
