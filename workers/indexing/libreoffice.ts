import { access } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ExtractionError } from './extractor.ts';
import { runTool, ToolMissingError } from './run-tool.ts';

// Legacy Office formats are converted with LibreOffice headless. Each conversion gets its own
// profile directory (parallel conversions otherwise collide), and success is judged by the output
// file: soffice exits 0 even when it fails.

const packageFor: Record<string, string> = {
  pptx: 'libreoffice-impress-nogui',
  docx: 'libreoffice-writer-nogui',
  xlsx: 'libreoffice-calc-nogui',
};

export async function convertWithLibreOffice(inputPath: string, targetExtension: 'pptx' | 'docx' | 'xlsx', workDir: string, timeoutMs = 120_000): Promise<string> {
  const soffice = process.env['SOFFICE_PATH'] || 'soffice';
  const outDir = join(workDir, 'converted');
  const profile = pathToFileURL(join(workDir, 'lo-profile')).href;
  try {
    await runTool(soffice, [`-env:UserInstallation=${profile}`, '--headless', '--norestore', '--nolockcheck', '--convert-to', targetExtension, '--outdir', outDir, inputPath], {
      timeoutMs,
      cwd: workDir,
    });
  } catch (error) {
    if (error instanceof ToolMissingError) {
      throw new ExtractionError(`reading this legacy Office format needs LibreOffice, which is not installed on the server (Debian package ${packageFor[targetExtension]})`);
    }
    throw new ExtractionError('the legacy Office document could not be converted in time');
  }
  const output = join(outDir, basename(inputPath).replace(/\.[^.]*$/, '') + '.' + targetExtension);
  try {
    await access(output);
  } catch {
    throw new ExtractionError('the legacy Office document is damaged and could not be converted');
  }
  return output;
}
