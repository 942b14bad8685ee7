// Calls made while the event loop handles one round of I/O (the requests that arrived together) are
// gathered and run as one batch when that round is over (setImmediate): one command, one socket
// write and one reply for all of them instead of one each. Under load that is most of a Redis
// client's cost; a lone call waits for nothing but the end of its own round.

type Call<Input, Output> = { input: Input; resolve(output: Output): void; reject(error: unknown): void };

/** `run` answers its inputs in their order. */
export function coalesce<Input, Output>(run: (inputs: Input[]) => Promise<Output[]>): (input: Input) => Promise<Output> {
  let pending: Call<Input, Output>[] = [];
  const flush = () => {
    const batch = pending;
    pending = [];
    run(batch.map((call) => call.input)).then(
      (outputs) => batch.forEach((call, index) => call.resolve(outputs[index] as Output)),
      (error: unknown) => batch.forEach((call) => call.reject(error)),
    );
  };
  return (input) =>
    new Promise<Output>((resolve, reject) => {
      if (pending.length === 0) setImmediate(flush);
      pending.push({ input, resolve, reject });
    });
}
