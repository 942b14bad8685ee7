import { spawn } from 'node:child_process';
import { access, constants, mkdir, mkdtemp, stat } from 'node:fs/promises';
import { basename, delimiter, extname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ExtractionError } from './extractor.ts';

// Legacy Office formats (DOC, PPT, XLS) converted to their XML successors with LibreOffice headless.
// - Every conversion has its own profile directory: parallel conversions sharing one collide.
// - The import filter is named, so a damaged file fails instead of being imported as plain text.
// - soffice exits 0 even when it fails: the output file decides.
// - soffice runs in a process group of its own (oosplash starts soffice.bin as a child), so a
//   timeout kills the whole group.

export type OfficeXmlFormat = 'docx' | 'pptx' | 'xlsx';

const conversions: Record<OfficeXmlFormat, { from: string; filter: string; kind: string; article: string; app: string; debianPackage: string }> = {
  docx: { from: 'doc', filter: 'MS Word 97', kind: 'Word 97-2003 document', article: 'a', app: 'Word', debianPackage: 'libreoffice-writer-nogui' },
  pptx: {
    from: 'ppt',
    filter: 'MS PowerPoint 97',
    kind: 'PowerPoint 97-2003 presentation',
    article: 'a',
    app: 'PowerPoint',
    debianPackage: 'libreoffice-impress-nogui',
  },
  xlsx: { from: 'xls', filter: 'MS Excel 97', kind: 'Excel 97-2003 workbook', article: 'an', app: 'Excel', debianPackage: 'libreoffice-calc-nogui' },
};

// Below the sandbox's default parse timeout (PARSER_TIMEOUT_MS, 60 s): soffice lives in its own
// process group, which the sandbox's kill of the parser's group does not reach.
const DEFAULT_TIMEOUT_MS = 45_000;

/** The soffice binary: SOFFICE_PATH when set, else `soffice` on the PATH. */
const sofficePath = (): string => process.env['SOFFICE_PATH'] || 'soffice';

export type ConversionOptions = { timeoutMs?: number; sofficePath?: string };

class SofficeMissingError extends Error {}

async function isExecutableFile(path: string): Promise<boolean> {
  try {
    await access(path, constants.X_OK);
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/** Whether the soffice binary can be started: an executable path, or a name found on the PATH. */
export async function isLibreOfficeAvailable(binary: string = sofficePath()): Promise<boolean> {
  if (binary.includes('/')) return isExecutableFile(binary);
  for (const directory of (process.env['PATH'] ?? '').split(delimiter).filter(Boolean)) {
    if (await isExecutableFile(join(directory, binary))) return true;
  }
  return false;
}

function runInOwnGroup(binary: string, args: string[], timeoutMs: number): Promise<{ timedOut: boolean }> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { stdio: 'ignore', detached: true });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-(child.pid as number), 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    }, timeoutMs);
    child.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(error.code === 'ENOENT' || error.code === 'EACCES' ? new SofficeMissingError() : error);
    });
    child.on('close', () => {
      clearTimeout(timer);
      resolve({ timedOut });
    });
  });
}

/**
 * Converts a DOC, PPT or XLS file to DOCX, PPTX or XLSX inside `workDir` and returns the new file's
 * path. Throws ExtractionError when LibreOffice is missing, too slow, or cannot read the file.
 */
export async function convertWithLibreOffice(inputPath: string, targetExt: OfficeXmlFormat, workDir: string, options: ConversionOptions = {}): Promise<string> {
  const { from, filter, kind, article, app, debianPackage } = conversions[targetExt];
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  await mkdir(workDir, { recursive: true });
  const scratch = await mkdtemp(join(workDir, 'libreoffice-'));
  const outDir = join(scratch, 'out');
  const args = [
    `-env:UserInstallation=${pathToFileURL(join(scratch, 'profile')).href}`,
    '--headless',
    '--norestore',
    '--nolockcheck',
    `--infilter=${filter}`,
    '--convert-to',
    targetExt,
    '--outdir',
    outDir,
    inputPath,
  ];
  let outcome;
  try {
    outcome = await runInOwnGroup(options.sofficePath ?? sofficePath(), args, timeoutMs);
  } catch (error) {
    if (error instanceof SofficeMissingError)
      throw new ExtractionError(`LibreOffice is required to read .${from} files; install ${debianPackage} on the server`);
    throw new ExtractionError(`LibreOffice could not be started to read the .${from} file`, { retryable: true, cause: error });
  }
  if (outcome.timedOut) {
    throw new ExtractionError(`the ${kind} could not be converted within ${Math.round(timeoutMs / 1000)} s`, { retryable: true });
  }
  const output = join(outDir, `${basename(inputPath, extname(inputPath))}.${targetExt}`);
  const size = await stat(output).then(
    (info) => info.size,
    () => 0,
  );
  if (size === 0)
    throw new ExtractionError(
      `the file is damaged or is not ${article} ${kind}, so it could not be read; open it in ${app}, save it again and upload the new file`,
    );
  return output;
}
