// The boundaries of the codebase (issue 12 §5), checked by `npm test` through scripts/check-boundaries.mjs.
// ARCHITECTURE.md explains the layers these rules keep apart.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'An import cycle, type-only ones included: the two files are one piece in two places.',
      severity: 'error',
      from: { path: '^(apps|packages)/' },
      to: { circular: true },
    },
    {
      name: 'web-feature-imports-another-feature',
      comment:
        'A web feature stands alone: what two features share goes to lib/ or components/, ' +
        'and the app shell (app/) composes them.',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'web-shared-code-imports-a-feature',
      comment: 'lib/ and components/ are shared by every feature, so they may not depend on one.',
      severity: 'error',
      from: { path: '^apps/web/src/(lib|components)/' },
      to: { path: '^apps/web/src/(features|app)/' },
    },
    {
      name: 'domain-only-through-its-index',
      comment: "The apps import the domain as '@portal/domain' (its index), never a file inside it.",
      severity: 'error',
      from: { path: '^apps/' },
      to: { path: '^packages/domain/src/', pathNot: '^packages/domain/src/index\\.ts$' },
    },
    {
      name: 'domain-stays-pure',
      comment: 'The domain is shared by both apps, so it may not depend on either.',
      severity: 'error',
      from: { path: '^packages/domain/' },
      to: { path: '^apps/' },
    },
    {
      name: 'apps-stay-apart',
      comment:
        'The web and the server share code only through the domain, and a vendor simulator stands alone ' +
        "(it plays a service the portal does not own). The server's test support is the one exception, " +
        'below: its tests start the simulators.',
      severity: 'error',
      from: { path: '^apps/([^/]+)/', pathNot: '^apps/server/src/test-support/' },
      to: { path: '^apps/', pathNot: '^apps/$1/' },
    },
    {
      name: 'server-test-support-reaches-only-the-simulators',
      comment:
        "The server's tests meet FileMaker (and later vendors) as real HTTP services, so its test support " +
        'may start apps/simulators; no other app.',
      severity: 'error',
      from: { path: '^apps/server/src/test-support/' },
      to: { path: '^apps/', pathNot: '^apps/(server|simulators)/' },
    },
    {
      name: 'test-support-stays-in-tests',
      comment:
        'Test support (and through it the simulators) is for tests only: server code that ships may not ' +
        'import it.',
      severity: 'error',
      from: { path: '^apps/server/src/', pathNot: ['^apps/server/src/test-support/', '\\.test\\.tsx?$'] },
      to: { path: '^apps/server/src/test-support/' },
    },
  ],
  options: {
    // TypeScript 7 has no compiler API yet, so sources are parsed with SWC; `import type` still counts.
    parser: 'swc',
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules)/' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs', '.json'],
    },
  },
};
