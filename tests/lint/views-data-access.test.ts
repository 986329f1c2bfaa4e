// Proves that views reach the API and Web Storage only through src/services (issue #27,
// docs/decisions/013-data-layer.md): no file under src/views holds an API path, and none touches
// localStorage or sessionStorage. The repository itself is scanned (comments included), and the
// lint rules of eslint.config.js that say so while editing are shown to fire.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ESLint, type Linter } from 'eslint';
import { describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const viewsRoot = path.join(repoRoot, 'src/views');

// A variable specifier keeps TypeScript from asking for declarations of the plain-JS config.
const configUrl = pathToFileURL(path.join(repoRoot, 'eslint.config.js')).href;
const { createConfig } = (await import(configUrl)) as {
  createConfig: (root: string) => Linter.Config[];
};

/** An API path anywhere in the text; the import specifiers of src/services/api/… are not one. */
const API_PATH = /(?<!services)\/api\//;
const WEB_STORAGE = /\b(localStorage|sessionStorage)\b/;

function viewFiles(): string[] {
  return readdirSync(viewsRoot, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(ts|tsx)$/.test(file))
    .map((file) => path.join('src/views', file));
}

const offenders = (pattern: RegExp) =>
  viewFiles().filter((file) => pattern.test(readFileSync(path.join(repoRoot, file), 'utf8')));

describe('src/views', () => {
  it('is scanned (the walk finds the pages)', () => {
    expect(viewFiles()).toContain(path.join('src/views', 'pages/world-meeting-page.tsx'));
  });

  it('holds no API path: views take the factories of src/services/api/<area>-queries.ts', () => {
    expect(offenders(API_PATH)).toEqual([]);
  });

  it('touches no Web Storage: choices go through src/services/storage.ts', () => {
    expect(offenders(WEB_STORAGE)).toEqual([]);
  });

  it('tells an API path from an import of src/services/api', () => {
    expect(API_PATH.test("import { worldQueries } from '../../services/api/worlds-queries';")).toBe(
      false,
    );
    expect(API_PATH.test("api.GET('/api/mypage/me')")).toBe(true);
    expect(API_PATH.test('// GET /api/worlds/{id} answers the world')).toBe(true);
  });
});

describe('eslint.config.js says so in src/views', () => {
  const eslint = new ESLint({
    cwd: repoRoot,
    overrideConfigFile: true,
    overrideConfig: createConfig(repoRoot),
  });
  const rulesReported = async (file: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, file) });
    return result?.messages.map((m) => m.ruleId) ?? ['no result'];
  };

  it.each([
    ["export const list = (api) => api.GET('/api/mypage/worlds');\n", 'no-restricted-syntax'],
    ['export const url = (id: string) => `/api/worlds/${id}`;\n', 'no-restricted-syntax'],
    ["export const shown = localStorage.getItem('meetingMapViewMode');\n", 'no-restricted-globals'],
    ["export const kept = sessionStorage.getItem('x');\n", 'no-restricted-globals'],
    ['export const store = globalThis.localStorage;\n', 'no-restricted-properties'],
    ['export const store = window.sessionStorage;\n', 'no-restricted-properties'],
  ])('reports %s', async (code, rule) => {
    expect(await rulesReported('src/views/pages/probe-page.tsx', code)).toContain(rule);
  });

  it('lets a view name a query, and lets services hold the path', async () => {
    const view =
      "import { worldQueries } from '../../services/api/worlds-queries';\nexport const q = worldQueries;\n";
    const service = "export const list = (api) => api.GET('/api/mypage/worlds');\n";
    expect(await rulesReported('src/views/pages/probe-page.tsx', view)).toEqual([]);
    expect(await rulesReported('src/services/api/probe-queries.ts', service)).not.toContain(
      'no-restricted-syntax',
    );
  });
});
