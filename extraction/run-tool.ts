import { spawn } from 'node:child_process';

// Runs an external tool (pdftotext, soffice) with a timeout. It stays in the caller's process group,
// so the sandbox's kill of that group (on its own timeout or memory limit) takes the tool with it.

export type ToolResult = { code: number | null; stdout: string; stderr: string };

export class ToolMissingError extends Error {}

export function runTool(command: string, args: string[], options: { timeoutMs: number; cwd?: string }): Promise<ToolResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      if (stdout.length < 1_000_000) stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 100_000) stderr += chunk.toString();
    });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, options.timeoutMs);
    child.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(error.code === 'ENOENT' ? new ToolMissingError(`${command} is not installed`) : error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (timedOut) reject(new Error(`${command} did not finish within ${options.timeoutMs} ms`));
      else resolve({ code, stdout, stderr });
    });
  });
}
