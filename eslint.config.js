// Flat config. The import direction of docs/architecture.md ("Import direction") is enforced here:
//   views → machines → services → domain (each imports only to its right; app imports all of src)
//   server → src/domain and the generated API types only
//   nothing imports src/views except src/app; src never imports server/
//   machines: no React, no fetch, no machine file importing another machine file
//   domain imports nothing of ours outside src/domain
//   views hold no API path and touch no Web Storage: they go through src/services
//   server: app → areas → platform floors (db, http, mail, openapi, config.ts); a floor imports
//   no area, no area imports server/app, and no import cycle in server/, type imports included
// tests/lint/import-direction.test.ts proves each rule fires.
import { defineConfig } from 'eslint/config';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { noCycleWithTypes } from './lint-rules/no-cycle-with-types.js';

const RULES = 'see docs/architecture.md "Import direction".';

/**
 * The zones for import-x/no-restricted-paths, relative to the repository root.
 * Each forbidden (importer, imported) pair is covered by one zone, except that src/domain
 * importing server/ is reported twice (by the domain zone and the src → server zone).
 * @type {Array<{ target: string | string[]; from: string | string[]; except?: string[]; message: string }>}
 */
const zones = [
  {
    target: 'src/views',
    from: 'src/app',
    message: `src/views may import src/machines, src/services and src/domain, not src/app: ${RULES}`,
  },
  {
    target: 'src/machines',
    from: ['src/app', 'src/views'],
    message: `src/machines may import src/services and src/domain only: ${RULES}`,
  },
  {
    target: 'src/services',
    from: ['src/app', 'src/views', 'src/machines'],
    message: `src/services may import src/domain only: ${RULES}`,
  },
  {
    target: 'src/domain',
    from: '.',
    except: ['./src/domain', './node_modules'],
    message: `src/domain imports nothing of ours outside src/domain: ${RULES}`,
  },
  {
    target: 'server',
    from: 'src',
    except: ['./domain', './services/api/schema.d.ts'],
    message: `server/ may import only src/domain and src/services/api/schema.d.ts from src: ${RULES}`,
  },
  {
    target: 'src',
    from: 'server',
    message: `src never imports server/: ${RULES}`,
  },
  {
    // Everything the layer zones above do not already cover: tests/, scripts/, root config
    // files, and any new folder under src.
    target: ['*', 'src/*', 'src/!(app|views|machines|services|domain)/**', '!(src|server)/**'],
    from: 'src/views',
    message: `Nothing imports src/views except src/app: ${RULES}`,
  },
  {
    // The server's floors: what every area stands on imports no area (it is handed what it
    // needs, as register.ts is handed the guards, or names it through server/app/deps.ts's
    // Fastify augmentation).
    target: ['server/db', 'server/http', 'server/mail', 'server/openapi', 'server/config.ts'],
    from: 'server',
    except: ['./db', './http', './mail', './openapi', './config.ts'],
    message: `server/db, http, mail, openapi and config.ts import no area of server/: ${RULES}`,
  },
  {
    // server/app wires the areas together; an area that imported it would import every area.
    target: ['server/*.ts', 'server/!(app)/**'],
    from: 'server/app',
    message: `Nothing in server/ imports server/app; it imports the areas: ${RULES}`,
  },
  {
    // Machines compose through actors and system ids, provided at start, not by import.
    target: 'src/machines/**/*.machine.{ts,tsx}',
    from: 'src/machines/**/*.machine.{ts,tsx}',
    message: `A machine file never imports another machine file; compose through actors/system ids: ${RULES}`,
  },
];

const DATA = 'see docs/decisions/013-data-layer.md.';
// A string or template that starts with /api/ ('\u002F' is '/': esquery's regexes cannot escape it).
const apiPath = String.raw`/^\u002Fapi\u002F/`;
const storageMessage = `Views keep choices through src/services/storage.ts, not Web Storage: ${DATA}`;

// react, react-dom, react-router and @xstate/react, with their subpaths ('react/jsx-runtime').
const reactPackages = String.raw`^(react|react-dom|react-router|@xstate/react)(/.*)?$`;

/**
 * The whole config for a repository rooted at `root`. Exported so the lint tests can apply
 * the same rules to a fixture tree; ESLint itself uses the default export.
 * @param {string} root absolute path of the repository
 */
export function createConfig(root) {
  return defineConfig(
    {
      ignores: [
        'dist/',
        'node_modules/',
        'data/',
        'coverage/',
        'test-results/',
        'playwright-report/',
        'src/services/api/schema.d.ts',
      ],
    },
    tseslint.configs.recommended,
    {
      files: ['**/*.{ts,tsx,mts,cts,js,jsx,mjs,cjs}'],
      plugins: { 'import-x': importX },
      settings: {
        'import-x/extensions': ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'],
        'import-x/resolver-next': [
          createNodeResolver({
            extensions: [
              '.ts',
              '.tsx',
              '.d.ts',
              '.mts',
              '.cts',
              '.js',
              '.jsx',
              '.mjs',
              '.cjs',
              '.json',
            ],
            // TypeScript's NodeNext style: './x.js' in source means './x.ts' on disk.
            extensionAlias: { '.js': ['.ts', '.tsx', '.d.ts', '.js'], '.mjs': ['.mts', '.mjs'] },
          }),
        ],
      },
      rules: {
        'import-x/no-restricted-paths': ['error', { basePath: root, zones }],
        'import-x/no-cycle': ['error', { ignoreExternal: true }],
      },
    },
    {
      // import-x/no-cycle does not follow type-only imports; this one does (lint-rules/).
      files: ['server/**/*.ts'],
      plugins: { local: { rules: { 'no-cycle-with-types': noCycleWithTypes } } },
      rules: { 'local/no-cycle-with-types': 'error' },
    },
    {
      // The rules of hooks and the React Compiler's checks, all as errors: a missing effect
      // dependency is a stale closure, not a style point. The four places where a check cannot
      // see that a ref is read only in a callback, or where an effect must set state, say why
      // beside an eslint-disable line.
      files: ['src/**/*.{ts,tsx}'],
      ...reactHooks.configs.flat.recommended,
      rules: {
        ...Object.fromEntries(
          Object.keys(reactHooks.configs.flat.recommended.rules).map((rule) => [rule, 'error']),
        ),
      },
    },
    {
      files: ['src/views/**/*.{ts,tsx}'],
      rules: {
        'no-restricted-syntax': [
          'error',
          ...[`Literal[value=${apiPath}]`, `TemplateElement[value.raw=${apiPath}]`].map(
            (selector) => ({
              selector,
              message: `Views name their queries and calls (src/services/api/<area>-queries.ts), never an API path: ${DATA}`,
            }),
          ),
        ],
        'no-restricted-globals': [
          'error',
          { name: 'localStorage', message: storageMessage },
          { name: 'sessionStorage', message: storageMessage },
        ],
        'no-restricted-properties': [
          'error',
          { property: 'localStorage', message: storageMessage },
          { property: 'sessionStorage', message: storageMessage },
        ],
      },
    },
    {
      files: ['src/machines/**/*.{ts,tsx}'],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              {
                regex: reactPackages,
                message: `src/machines never imports React; views subscribe to machines: ${RULES}`,
              },
            ],
          },
        ],
        'no-restricted-globals': [
          'error',
          {
            name: 'fetch',
            message: `No fetch inside machines: effects are named actors supplied with .provide(): ${RULES}`,
          },
        ],
      },
    },
  );
}

/**
 * Rules that need type information: a promise nobody awaits or handles loses its rejection (an
 * unreported error, a save that silently fails), and a promise where a boolean or a void callback
 * is expected is always truthy or never awaited. Kept out of createConfig() because the lint
 * tests' fixture trees have no tsconfig.
 * @param {string} root absolute path of the repository
 */
function typeCheckedConfig(root) {
  return defineConfig({
    files: ['**/*.{ts,tsx,mts,cts}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: root } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
    },
  });
}

export default [...createConfig(import.meta.dirname), ...typeCheckedConfig(import.meta.dirname)];
