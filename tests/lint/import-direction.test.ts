// Proves that eslint.config.js enforces the import direction of docs/architecture.md.
// The rules only report imports that resolve to a file, so each case is linted against a small
// fixture tree in a temporary directory, through the same createConfig() that eslint.config.js
// exports for the repository.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ESLint, type Linter } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

// A variable specifier keeps TypeScript from asking for declarations of the plain-JS config.
const configUrl = pathToFileURL(path.join(repoRoot, 'eslint.config.js')).href;
const { createConfig } = (await import(configUrl)) as {
  createConfig: (root: string) => Linter.Config[];
};

const value = 'export const value = 1;\n';
const fixtures: Record<string, string> = {
  'src/app/routes.tsx': value,
  'src/views/pages/home-page.tsx': value,
  'src/machines/cart.machine.ts': value,
  'src/machines/session.machine.ts': value,
  'src/machines/machine-helpers.ts': value,
  'src/services/api/client.ts': value,
  'src/services/api/schema.d.ts': 'export type paths = Record<string, unknown>;\n',
  'src/domain/price.ts': value,
  'src/domain/cycle-a.ts': "import { value as b } from './cycle-b';\nexport const value = b;\n",
  'src/domain/cycle-b.ts': "import { value as a } from './cycle-a';\nexport const value = a;\n",
  'server/app.ts': value,
  'server/app/app.ts': value,
  'server/config.ts': value,
  'server/worlds/worlds.ts': value,
  'server/db/connect.ts': value,
  'server/http/errors.ts': value,
  'server/worlds/type-a.ts': "import type { B } from './type-b';\nexport type A = { b?: B };\n",
  'server/worlds/type-b.ts': "import type { A } from './type-a';\nexport type B = { a?: A };\n",
  'tests/fixtures/users.ts': value,
  'node_modules/some-lib/package.json': '{ "name": "some-lib", "main": "index.js" }\n',
  'node_modules/some-lib/index.js': value,
};

let root: string;
let eslint: ESLint;

beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'worlds-lint-'));
  for (const [file, text] of Object.entries(fixtures)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  eslint = new ESLint({ cwd: root, overrideConfigFile: true, overrideConfig: createConfig(root) });
});

afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

/** Source that imports `value` from `specifier` and uses it. */
const importing = (specifier: string) =>
  `import { value } from '${specifier}';\nexport const used = value;\n`;

async function lint(file: string, code: string): Promise<Linter.LintMessage[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  if (!result) throw new Error(`ESLint returned no result for ${file}`);
  return result.messages;
}

async function rulesReported(file: string, code: string): Promise<(string | null)[]> {
  const messages = await lint(file, code);
  expect(messages.filter((m) => m.fatal)).toEqual([]);
  return messages.map((m) => m.ruleId);
}

describe('import-x/no-restricted-paths reports an import against the direction', () => {
  it.each([
    ['src/domain/x.ts', '../services/api/client', 'domain imports nothing outside src/domain'],
    ['src/domain/x.ts', '../views/pages/home-page', 'domain imports nothing outside src/domain'],
    ['src/domain/x.ts', '../../server/app', 'domain imports nothing outside src/domain'],
    ['src/domain/x.ts', '../../tests/fixtures/users', 'domain imports nothing outside src/domain'],
    ['src/services/x.ts', '../views/pages/home-page', 'nothing imports views but app'],
    ['src/services/x.ts', '../machines/cart.machine', 'services import only domain'],
    ['src/services/x.ts', '../app/routes', 'services import only domain'],
    ['src/services/x.ts', '../../server/app', 'src never imports server'],
    ['src/machines/x.ts', '../views/pages/home-page', 'machines import only services and domain'],
    ['src/machines/x.ts', '../app/routes', 'machines import only services and domain'],
    ['src/views/x.tsx', '../app/routes', 'views do not import app'],
    ['src/app/x.ts', '../../server/app', 'src never imports server'],
    ['server/x.ts', '../src/views/pages/home-page', 'server imports only domain and API types'],
    ['server/x.ts', '../src/services/api/client', 'server imports only domain and API types'],
    ['server/x.ts', '../src/machines/cart.machine', 'server imports only domain and API types'],
    ['server/db/x.ts', '../worlds/worlds', 'a platform floor imports no area'],
    ['server/http/x.ts', '../worlds/worlds', 'a platform floor imports no area'],
    ['server/mail/x.ts', '../worlds/worlds', 'a platform floor imports no area'],
    ['server/openapi/x.ts', '../worlds/worlds', 'a platform floor imports no area'],
    ['server/config.ts', './worlds/worlds', 'a platform floor imports no area'],
    ['server/http/x.ts', '../app/app', 'a platform floor imports no area'],
    ['server/worlds/x.ts', '../app/app', 'nothing in server imports server/app'],
    ['server/x.ts', './app/app', 'nothing in server imports server/app'],
    ['tests/e2e/x.ts', '../../src/views/pages/home-page', 'nothing imports views but app'],
    ['x.config.ts', './src/views/pages/home-page', 'nothing imports views but app'],
    [
      'src/machines/session.machine.ts',
      './cart.machine',
      'a machine file never imports another machine file',
    ],
  ])('%s importing %s (%s)', async (file, specifier) => {
    expect(await rulesReported(file, importing(specifier))).toContain(
      'import-x/no-restricted-paths',
    );
  });
});

describe('import-x/no-restricted-paths allows the direction of docs/architecture.md', () => {
  it.each([
    ['src/views/x.tsx', '../machines/cart.machine', 'views → machines'],
    ['src/views/x.tsx', '../services/api/client', 'views → services'],
    ['src/views/x.tsx', '../domain/price', 'views → domain'],
    ['src/machines/x.ts', '../services/api/client', 'machines → services'],
    ['src/machines/x.ts', '../domain/price', 'machines → domain'],
    ['src/machines/cart.machine.ts', './machine-helpers', 'machine → non-machine file'],
    ['src/machines/cart.machine.test.ts', './cart.machine', 'machine test → its machine'],
    ['src/services/x.ts', '../domain/price', 'services → domain'],
    ['src/services/api/x.ts', './client', 'services → services'],
    ['src/domain/x.ts', './price', 'domain → domain'],
    ['src/domain/x.ts', 'some-lib', 'domain → a package'],
    ['src/app/x.tsx', '../views/pages/home-page', 'app → views'],
    ['src/app/x.tsx', '../machines/cart.machine', 'app → machines'],
    ['src/app/x.tsx', '../services/api/client', 'app → services'],
    ['src/app/x.tsx', '../domain/price', 'app → domain'],
    ['server/x.ts', '../src/domain/price', 'server → domain'],
    ['server/app/x.ts', '../worlds/worlds', 'server/app → an area'],
    ['server/app/x.ts', './app', 'server/app → server/app'],
    ['server/worlds/x.ts', '../db/connect', 'an area → a platform floor'],
    ['server/worlds/x.ts', './worlds', 'an area → itself'],
    ['server/db/x.ts', '../http/errors', 'a platform floor → another'],
    ['server/http/x.ts', '../config', 'a platform floor → config.ts'],
    ['tests/paths/x.ts', '../../src/machines/cart.machine', 'tests → machines'],
  ])('%s importing %s (%s)', async (file, specifier) => {
    expect(await rulesReported(file, importing(specifier))).toEqual([]);
  });

  it('server importing the generated API types (server → schema.d.ts)', async () => {
    const code =
      "import type { paths } from '../src/services/api/schema';\nexport type Paths = paths;\n";
    expect(await rulesReported('server/x.ts', code)).toEqual([]);
  });
});

describe('no-restricted-imports keeps React out of src/machines', () => {
  it.each(['react', 'react-dom/client', 'react-router', '@xstate/react'])(
    'reports a machine importing %s',
    async (specifier) => {
      const code = `import * as lib from '${specifier}';\nexport const used = lib;\n`;
      expect(await rulesReported('src/machines/cart.machine.ts', code)).toContain(
        'no-restricted-imports',
      );
    },
  );

  it('allows React in views', async () => {
    const code = "import { useState } from 'react';\nexport const used = useState;\n";
    expect(await rulesReported('src/views/x.tsx', code)).toEqual([]);
  });
});

describe('no-restricted-globals keeps fetch out of src/machines', () => {
  it('reports fetch in a machine', async () => {
    const code = "export const load = () => fetch('/api/worlds');\n";
    expect(await rulesReported('src/machines/cart.machine.ts', code)).toContain(
      'no-restricted-globals',
    );
  });
});

describe('import-x/no-cycle', () => {
  it('reports modules that import each other', async () => {
    const code = fixtures['src/domain/cycle-a.ts'] ?? '';
    expect(await rulesReported('src/domain/cycle-a.ts', code)).toContain('import-x/no-cycle');
  });
});

describe('local/no-cycle-with-types', () => {
  it('reports a cycle in server/ closed by type-only imports, which import-x/no-cycle skips', async () => {
    const code = fixtures['server/worlds/type-a.ts'] ?? '';
    const reported = await rulesReported('server/worlds/type-a.ts', code);
    expect(reported).toContain('local/no-cycle-with-types');
    expect(reported).not.toContain('import-x/no-cycle');
  });

  it('allows a type import that does not lead back', async () => {
    const code = "import type { A } from '../worlds/type-a';\nexport type Uses = A;\n";
    expect(await rulesReported('server/app/x.ts', code)).toEqual([]);
  });
});

describe('eslint.config.js', () => {
  it('applies the rules to the repository itself (import-x/no-restricted-paths)', async () => {
    // The probe file does not exist, so the type-aware rules (which need it in a tsconfig) are off.
    const repo = new ESLint({
      cwd: repoRoot,
      overrideConfig: {
        languageOptions: { parserOptions: { projectService: false } },
        rules: {
          '@typescript-eslint/no-floating-promises': 'off',
          '@typescript-eslint/no-misused-promises': 'off',
          '@typescript-eslint/await-thenable': 'off',
        },
      },
    });
    const [result] = await repo.lintText(importing('../views/pages/error-page'), {
      filePath: path.join(repoRoot, 'src/domain/lint-probe.ts'),
    });
    expect(result?.messages.map((m) => m.ruleId)).toContain('import-x/no-restricted-paths');
  });
});
