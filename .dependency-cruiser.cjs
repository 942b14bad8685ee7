// The architecture, as rules `npm test` checks (test/architecture.test.ts): who may import whom.
// Layers: domain (pure) ← ports (interfaces) ← commands (use cases) / projections (read models)
// ← extraction and generation (libraries) ← workers (subscribers) / http (routes) ← infrastructure
// (adapters) ← main.ts (composition).
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      comment: 'A cycle makes two modules one: neither can be read, tested or moved alone.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'domain-is-pure',
      comment: 'The domain imports nothing of ours but the domain: no I/O, no adapters, no framework.',
      severity: 'error',
      from: { path: '^domain/' },
      to: { path: '^(commands|ports|projections|http|workers|extraction|generation|infrastructure|cli|bench|test)/|^main\\.ts$' },
    },
    {
      name: 'ports-are-interfaces',
      comment: 'Ports describe what the core needs; they know the domain and nothing that implements or uses them.',
      severity: 'error',
      from: { path: '^ports/' },
      to: { path: '^(commands|projections|http|workers|extraction|generation|infrastructure|cli|bench|test)/|^main\\.ts$' },
    },
    {
      name: 'projections-do-not-command',
      comment: 'Read models are built from events alone: no command handling, no routes, no workers, no adapters.',
      severity: 'error',
      from: { path: '^projections/' },
      to: { path: '^(commands|http|workers|extraction|generation|infrastructure|cli)/|^main\\.ts$' },
    },
    {
      name: 'commands-stay-in-the-core',
      comment: 'Use cases run the same under HTTP, workers and tests: they know no route, worker or adapter.',
      severity: 'error',
      from: { path: '^commands/' },
      to: { path: '^(http|workers|extraction|generation|infrastructure|cli)/|^main\\.ts$' },
    },
    {
      name: 'http-uses-ports-not-adapters',
      comment: 'Routes reach the outside through ports and use cases, never an adapter or a worker.',
      severity: 'error',
      from: { path: '^http/' },
      to: { path: '^(infrastructure|workers|extraction|generation|cli)/|^main\\.ts$' },
    },
    {
      name: 'workers-do-not-serve',
      comment: 'Workers subscribe to events and call use cases; they neither serve HTTP nor pick adapters.',
      severity: 'error',
      from: { path: '^workers/' },
      to: { path: '^(http|cli)/|^main\\.ts$' },
    },
    {
      name: 'libraries-do-not-subscribe',
      comment: 'Extraction and generation are libraries the workers call: they neither subscribe, serve HTTP nor run commands.',
      severity: 'error',
      from: { path: '^(extraction|generation)/' },
      to: { path: '^(workers|http|commands|projections|cli)/|^main\\.ts$' },
    },
    {
      name: 'production-code-does-not-import-tests',
      severity: 'error',
      from: { path: '^(domain|ports|commands|projections|http|workers|extraction|generation|infrastructure|cli)/|^main\\.ts$' },
      to: { path: '^(test|bench)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|test/fixtures)' },
    tsPreCompilationDeps: true,
    parser: 'swc',
  },
};
