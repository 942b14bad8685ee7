import { readFileSync } from 'node:fs';
import { relative } from 'node:path';

// The top entries of a V8 CPU profile (node --cpu-prof), by self time as a share of busy time (idle
// apart; `(program)` is native work outside JavaScript), then busy time by package, so a commit can say where a request's time goes.
// Run: node bench/cpu-profile-top.ts <file.cpuprofile> [entries]

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number };

const [file, entries = '15'] = process.argv.slice(2);
if (!file) throw new Error('usage: node bench/cpu-profile-top.ts <file.cpuprofile> [entries]');
const profile = JSON.parse(readFileSync(file, 'utf8')) as { nodes: Node[]; samples: number[]; timeDeltas: number[] };

const byNode = new Map<number, number>();
profile.samples.forEach((id, i) => byNode.set(id, (byNode.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));

const root = process.cwd();
const where = (url: string) => {
  if (!url) return '';
  if (url.startsWith('node:')) return url;
  const path = relative(root, new URL(url).pathname);
  const module = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path);
  return module ? `${module[1]}:${path.slice(path.lastIndexOf('/') + 1)}` : path;
};
const packageOf = (url: string) => {
  if (!url) return '(native)';
  if (url.startsWith('node:')) return 'node:internal';
  return /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1] ?? 'service';
};

const functions = new Map<string, number>();
const packages = new Map<string, number>();
let idle = 0;
let gc = 0;
let busy = 0;
for (const node of profile.nodes) {
  const micros = byNode.get(node.id) ?? 0;
  const { functionName, url, lineNumber } = node.callFrame;
  if (functionName === '(idle)') {
    idle += micros;
    continue;
  }
  if (functionName === '(garbage collector)') gc += micros;
  busy += micros;
  const name = `${functionName || '(anonymous)'} ${where(url)}${url ? `:${lineNumber + 1}` : ''}`;
  functions.set(name, (functions.get(name) ?? 0) + micros);
  packages.set(packageOf(url), (packages.get(packageOf(url)) ?? 0) + micros);
}

const share = (micros: number) => `${((100 * micros) / busy).toFixed(1).padStart(5)}%`;
const top = (map: Map<string, number>, count: number) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, micros]) => `  ${share(micros)}  ${name}`)
    .join('\n');
console.log(`busy ${(busy / 1e6).toFixed(1)} s (GC ${share(gc).trim()}), idle ${(idle / 1e6).toFixed(1)} s; self time of busy:`);
console.log(top(functions, Number(entries)));
console.log('by package:');
console.log(top(packages, 8));
