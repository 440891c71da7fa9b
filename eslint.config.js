// @ts-check
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import importX from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import prettier from 'eslint-config-prettier'
import globals from 'globals'

/** The console's areas (src/areas/<area>/): each holds its machines, views and paths modules. */
const AREAS = [
  'account',
  'attributes',
  'dashboard',
  'flows',
  'logs',
  'queue',
  'services',
  'sessions',
  'shell',
  'sign-in',
  'users',
]

/**
 * Imports flow one way (docs/architecture.md): in the console, routes → catalog → areas → kit →
 * flows engine → data → schema; the server → schema; inside the server, routes → use cases → repos
 * and domain. One area reaches another only through its `index.ts`.
 */
const zones = [...consoleZones(), ...sharedZones(), ...serverZones()]

function consoleZones() {
  const top = ['./src/routes', './src/router.ts', './src/main.tsx']
  const catalog = './src/catalog.ts'
  const views = ['./src/areas/*/views/**', './src/kit/views/**']
  return [
    {
      target: './src/data',
      from: ['./src/flows', './src/kit', './src/areas', catalog, ...top],
      message: 'data/ sits under the whole console: it never imports a machine, a view or a flow.',
    },
    {
      target: './src/flows',
      from: ['./src/kit', './src/areas', catalog, ...top],
      message:
        'src/flows is the engine under the machines (graph, replay, coverage, layout); the areas and the catalog sit above it.',
    },
    {
      target: './src/kit',
      from: ['./src/areas', catalog, ...top],
      message: 'kit/ is what several areas share; it never imports an area.',
    },
    {
      target: './src/areas',
      from: [catalog, ...top],
      message:
        'Areas never import the catalog, the routes or the router: those sit above them (main.tsx hands the catalog down).',
    },
    ...AREAS.map((area) => ({
      target: `./src/areas/${area}`,
      from: ['./src/areas/**'],
      except: [`**/src/areas/${area}/**`, '**/src/areas/*/index.ts'],
      message: `One area imports another only through that area's index.ts (or what both share, through kit/).`,
    })),
    {
      target: ['./src/areas/*/machines/**', './src/kit/machines/**', './src/kit/session/**'],
      from: views,
      message: 'Machines never import views.',
    },
    {
      target: ['./src/areas/*/paths/**', './src/kit/paths/**', './src/kit/fixtures/**'],
      from: views,
      message:
        'Paths modules drive machines, not views: a view is what QA sees, not what paths import.',
    },
    {
      target: [...views, './src/routes/**'],
      from: ['./src/data/**'],
      message:
        'Views read machines (tags, can(), selectors) and send them events; data/ is the machines’ business.',
    },
  ]
}

function sharedZones() {
  return [
    {
      target: './schema',
      from: ['./src', './server'],
      message: 'schema/ is the shared contract; it imports nothing of ours.',
    },
    { target: './server', from: './src', message: 'The server never imports the console.' },
    { target: './src', from: './server', message: 'The console never imports the server.' },
  ]
}

/**
 * The server's layers (docs/architecture.md, 'Server layers'): routes → use cases → repos and
 * domain; presenters shape answers; plugins wire the app. Row types from db/schema may be imported
 * anywhere; tables and Drizzle itself only in repos/ and db/ (serverTablesOnlyInRepos below).
 */
function serverZones() {
  const s = (folder) => `./server/${folder}`
  const top = ['./server/app.ts', './server/main.ts', './server/serve.ts']
  // Row types and the Db handle (a transaction passed on to repos) are types only.
  const dbButRowTypes = { from: s('db'), except: ['./schema', './types.ts'] }
  return [
    {
      target: s('routes'),
      from: [s('repos'), s('outbox'), s('files'), s('plugins'), ...top],
      message:
        'Routes call use cases (repos, outbox and file store are theirs) and use plugins through app.',
    },
    {
      target: s('routes'),
      ...dbButRowTypes,
      message: 'Routes call use cases; only row types come from db/.',
    },
    {
      target: s('use-cases'),
      from: [s('routes'), s('plugins'), s('auth'), './server/http-failures.ts', ...top],
      message: 'Use cases know nothing of HTTP: no routes, plugins or cookies.',
    },
    {
      target: s('use-cases'),
      ...dbButRowTypes,
      message: 'Use cases reach tables through repos/; only row types and Db come from db/.',
    },
    {
      target: s('repos'),
      from: [s('use-cases'), s('routes'), s('plugins'), s('outbox'), s('files'), s('auth'), ...top],
      message: 'Repositories read and write tables; they never call up into the layers above.',
    },
    {
      target: s('domain'),
      from: [
        s('use-cases'),
        s('routes'),
        s('plugins'),
        s('repos'),
        s('presenters'),
        s('outbox'),
        s('files'),
        s('db'),
        s('auth'),
        ...top,
      ],
      message: 'domain/ holds rules without HTTP or storage; it imports no other layer.',
    },
    {
      target: s('presenters'),
      from: [
        s('use-cases'),
        s('routes'),
        s('plugins'),
        s('repos'),
        s('outbox'),
        s('files'),
        s('auth'),
        ...top,
      ],
      message: 'Presenters only shape rows into answers.',
    },
    {
      target: s('presenters'),
      ...dbButRowTypes,
      message: 'Presenters only shape rows into answers; only row types come from db/.',
    },
    {
      target: [s('outbox'), s('files')],
      from: [s('use-cases'), s('routes'), s('plugins'), s('presenters'), s('auth'), ...top],
      message: 'The outbox and the file store serve use cases; they never call up into them.',
    },
    {
      target: s('plugins'),
      from: [s('routes'), ...top],
      message: 'Plugins wire the app; routes are registered by app.ts.',
    },
    {
      target: s('db'),
      from: [
        s('use-cases'),
        s('routes'),
        s('plugins'),
        s('repos'),
        s('presenters'),
        s('domain'),
        s('outbox'),
        s('files'),
        s('auth'),
        ...top,
      ],
      message: 'db/ holds tables, migrations and the connection; it imports no other layer.',
    },
  ]
}

/** Drizzle and its tables stay in repos/ and db/; other server layers may import row types only. */
const serverTablesOnlyInRepos = {
  files: [
    'server/routes/**/*.ts',
    'server/use-cases/**/*.ts',
    'server/presenters/**/*.ts',
    'server/plugins/**/*.ts',
    'server/domain/**/*.ts',
    'server/outbox/**/*.ts',
    'server/files/**/*.ts',
    'server/auth/**/*.ts',
  ],
  rules: {
    '@typescript-eslint/no-restricted-imports': [
      'error',
      {
        paths: [
          {
            name: 'drizzle-orm',
            allowTypeImports: true,
            message: 'Queries live in server/repos/ (docs/architecture.md, Server layers).',
          },
        ],
        patterns: [
          {
            group: ['drizzle-orm/*'],
            allowTypeImports: true,
            message: 'Queries live in server/repos/ (docs/architecture.md, Server layers).',
          },
          {
            group: ['**/db/schema/*'],
            allowTypeImports: true,
            message: 'Tables are used in server/repos/ only; import row types with `import type`.',
          },
        ],
      },
    ],
  },
}

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
    files: [
      'src/areas/*/views/**/*.{ts,tsx}',
      'src/kit/views/**/*.{ts,tsx}',
      'src/routes/**/*.{ts,tsx}',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='matches']",
          message:
            'Views read tags, can() and the machine’s selectors (<machine>.selectors.ts), never state names: a state can be renamed or split without touching a view.',
        },
      ],
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
  serverTablesOnlyInRepos,
  // Playwright reads a fixture's dependencies from its destructured first argument, so `({}, use)` is required.
  { files: ['tests/e2e/**/*.ts'], rules: { 'no-empty-pattern': 'off' } },
  { files: ['**/*.js'], ...tseslint.configs.disableTypeChecked },
  prettier,
)
