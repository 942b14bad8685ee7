import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { scratchDirectory } from './support/scratch-directory.ts';

// The layering rules of .dependency-cruiser.cjs hold on the code, and they do catch a forbidden
// import (checked on a scratch tree laid out like ours, so the real tree is never touched).

const root = join(import.meta.dirname, '..');
const layers = ['domain', 'ports', 'commands', 'projections', 'http', 'workers', 'extraction', 'generation', 'infrastructure', 'cli', 'main.ts'];

type Violation = { from: string; to: string; rule: { name: string } };

async function violations(cwd: string, paths: string[]): Promise<Violation[]> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs'),
      '--config',
      join(root, '.dependency-cruiser.cjs'),
      '--output-type',
      'json',
      ...paths,
    ],
    { cwd, maxBuffer: 64 * 1024 * 1024 },
  );
  return (JSON.parse(stdout) as { summary: { violations: Violation[] } }).summary.violations;
}

describe('architecture', () => {
  const scratch = scratchDirectory('lcs-architecture-');

  test('the code keeps the layering rules and has no import cycle', async () => {
    assert.deepEqual(await violations(root, layers), []);
  });

  test('the rules catch a forbidden import and a cycle', async () => {
    const dir = scratch.path('tree');
    const write = async (path: string, text: string) => {
      await mkdir(join(dir, path, '..'), { recursive: true });
      await writeFile(join(dir, path), text);
    };
    await write('infrastructure/adapter.ts', 'export const adapter = 1;\n');
    await write('domain/model.ts', "import { adapter } from '../infrastructure/adapter.ts';\nexport const model = adapter;\n");
    await write('http/a.ts', "import { b } from './b.ts';\nexport const a = () => b;\n");
    await write('http/b.ts', "import { a } from './a.ts';\nexport const b = () => a;\n");
    const found = (await violations(dir, ['domain', 'http', 'infrastructure'])).map((v) => `${v.rule.name}: ${v.from} → ${v.to}`);
    assert.ok(found.includes('domain-is-pure: domain/model.ts → infrastructure/adapter.ts'), found.join('\n'));
    assert.ok(
      found.some((line) => line.startsWith('no-cycles: http/')),
      found.join('\n'),
    );
  });
});
