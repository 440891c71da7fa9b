// @ts-check
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import importX from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import prettier from 'eslint-config-prettier'
import globals from 'globals'

/** Imports flow one way: views → machines → data → schema, and server → schema (docs/architecture.md). */
const zones = [
  { target: './src/machines', from: './src/views', message: 'Machines never import views.' },
  {
    target: './src/data',
    from: ['./src/views', './src/machines'],
    message: 'Data never imports machines or views.',
  },
  {
    target: './schema',
    from: ['./src', './server'],
    message: 'schema/ is the shared contract; it imports nothing of ours.',
  },
  { target: './server', from: './src', message: 'The server never imports the console.' },
  { target: './src', from: './server', message: 'The console never imports the server.' },
]

export default tseslint.config(
  {
    ignores: [
      'dist',
      'data',
      'node_modules',
      'src/routeTree.gen.ts',
      'server/db/migrations',
      'test-results',
      'playwright-report',
      // A deliberate import cycle, linted on purpose by tests/unit/lintCycle.test.ts.
      'tests/unit/fixtures/cycle',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.browser, ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { 'import-x': importX },
    settings: {
      // PGlite's bundled JavaScript overflows import-x's parser; nothing of ours lives in node_modules.
      'import-x/ignore': ['node_modules'],
      // import-x reads only files whose extension it has a parser for (default: .js), so without this
      // every TypeScript module was skipped and no-cycle saw no edges at all.
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones }],
      'import-x/no-cycle': ['error', { maxDepth: 10 }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { attributes: false } },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['src/views/**/*.{ts,tsx}', 'src/routes/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'ky', message: 'Views send events; data/api calls the server.' },
            { name: 'dexie', message: 'Views send events; data/db reads the cache.' },
          ],
        },
      ],
    },
  },
  // Playwright reads a fixture's dependencies from its destructured first argument, so `({}, use)` is required.
  { files: ['tests/e2e/**/*.ts'], rules: { 'no-empty-pattern': 'off' } },
  { files: ['**/*.js'], ...tseslint.configs.disableTypeChecked },
  prettier,
)
