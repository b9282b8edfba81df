/**
 * The import graph, type-only imports included (decision 0091): no file may reach itself again through
 * its imports. ESLint's import-x/no-cycle skips `import type`, so a loop of types alone passes it; this
 * check does not. `npm run lint:graph` runs it over the repository with each tsconfig's resolution.
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'A circle of files, type-only imports included: break it where the lower module declares its own type.',
      // The integration client's generated code (decision 0114) is the generator's: its types loop between
      // two files, and it is written again, not edited, whenever the contract changes.
      from: { pathNot: '^packages/integration-client/src/generated/' },
      to: { circular: true },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|\\.next|dist|\\.data)/' },
    combinedDependencies: false,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.d.ts'],
    },
  },
};
