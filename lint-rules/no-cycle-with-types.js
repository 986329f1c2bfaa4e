// import-x/no-cycle leaves out every type-only import (eslint-plugin-import-x 4.18 skips them in
// its traversal, with no option to keep them), so a circle closed by an `import type` line passed
// it: server/http/context.ts → meetings/recordings.ts → meetings/relay.ts → http/context.ts did.
// A type import still ties the two folders together, so this rule follows every relative import
// and export, types included, and reports the file that can reach itself, with the route.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const importPattern =
  /(?:^|[\n;])\s*(?:import|export)\s(?:[^'";]*?\sfrom\s*)?['"](\.{1,2}\/[^'"]+)['"]|\bimport\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

/** The relative specifiers a module's text imports or re-exports, static or dynamic. */
function specifiersOf(text) {
  const withoutComments = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  return [...withoutComments.matchAll(importPattern)].map((m) => m[1] ?? m[2]);
}

const isFile = (file) => existsSync(file) && statSync(file).isFile();

/** TypeScript's NodeNext style as the import-x resolver is set up: './x.js' may mean './x.ts'. */
function resolve(fromFile, specifier) {
  const base = path.resolve(path.dirname(fromFile), specifier);
  const stem = base.replace(/\.(js|mjs)$/, '');
  const candidates = [base, `${stem}.ts`, `${stem}.tsx`, `${stem}.mts`, `${stem}/index.ts`];
  return candidates.find((c) => /\.(ts|tsx|mts)$/.test(c) && isFile(c)) ?? null;
}

/** Imports of files on disk, read once per version of the file. */
const onDisk = new Map();
function importsOf(file) {
  const { mtimeMs } = statSync(file);
  const cached = onDisk.get(file);
  if (cached?.mtimeMs === mtimeMs) return cached.imports;
  const imports = specifiersOf(readFileSync(file, 'utf8'))
    .map((s) => resolve(file, s))
    .filter((f) => f !== null);
  onDisk.set(file, { mtimeMs, imports });
  return imports;
}

/** @type {import('eslint').Rule.RuleModule} */
export const noCycleWithTypes = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid import cycles, type-only imports included.' },
    schema: [],
    messages: { cycle: 'Import cycle (type imports included): {{route}}. {{why}}' },
  },
  create(context) {
    const file = context.physicalFilename;
    return {
      Program(node) {
        // The linted text, not the file on disk: an editor's unsaved change counts.
        const first = specifiersOf(context.sourceCode.text)
          .map((s) => resolve(file, s))
          .filter((f) => f !== null && f !== file);
        const seen = new Set();
        const queue = [...new Set(first)].map((f) => [file, f]);
        while (queue.length > 0) {
          const route = queue.shift();
          const last = route.at(-1);
          if (seen.has(last)) continue;
          seen.add(last);
          for (const next of importsOf(last)) {
            if (next === file) {
              const cwd = context.cwd;
              context.report({
                node,
                messageId: 'cycle',
                data: {
                  route: [...route, next].map((f) => path.relative(cwd, f)).join(' → '),
                  why: 'Move what both need down a floor (see docs/architecture.md "Import direction").',
                },
              });
              return;
            }
            if (!seen.has(next)) queue.push([...route, next]);
          }
        }
      },
    };
  },
};
