// Writes server/openapi/operation-access.ts: which operations are public, world-scoped or carry
// query defaults, read from openapi/ so that handler types (server/openapi/handler-types.ts) know
// what the registration hooks guarantee. Part of `npm run gen:api`; `npm test` checks it is current.
// Usage: tsx scripts/gen-operation-access.ts [output path]
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { format } from 'prettier';
import { listOperations, loadDocument } from '../server/openapi/document';

const defaultOutput = fileURLToPath(
  new URL('../server/openapi/operation-access.ts', import.meta.url),
);

const union = (names: string[]) =>
  names.length === 0
    ? 'never'
    : [...names]
        .sort()
        .map((n) => `'${n}'`)
        .join(' | ');

export async function operationAccessSource(): Promise<string> {
  const operations = listOperations(await loadDocument());
  const defaults = operations
    .map((op) => ({
      id: op.operationId,
      names: op.parameters
        .filter((p) => p.in === 'query' && p.schema && 'default' in p.schema)
        .map((p) => p.name),
    }))
    .filter((d) => d.names.length > 0)
    .sort((a, b) => a.id.localeCompare(b.id));
  const source = `// Generated from openapi/ by scripts/gen-operation-access.ts (\`npm run gen:api\`): do not edit.

/** Operations that say \`security: []\`: no session is required, so \`req.auth\` may be null. */
export type PublicOperation = ${union(operations.filter((op) => !op.secured).map((op) => op.operationId))};

/** Operations with x-world-roles: \`req.world\` holds the world and the caller's role in it. */
export type WorldOperation = ${union(operations.filter((op) => op.worldRoles).map((op) => op.operationId))};

/** Query parameters with a default in the contract: validation fills them in when absent. */
export type QueryDefaults = {
${defaults.map((d) => `  ${d.id}: ${union(d.names)};`).join('\n')}
};
`;
  return format(source, { parser: 'typescript', singleQuote: true, printWidth: 100 });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(process.argv[2] ?? defaultOutput, await operationAccessSource());
}
