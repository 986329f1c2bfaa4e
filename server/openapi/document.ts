import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export type JsonSchema = Record<string, unknown>;

type Parameter = {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: JsonSchema;
};

type MediaTypes = Record<string, { schema?: JsonSchema }>;

export type Operation = {
  operationId: string;
  /** The area the operation belongs to (its first tag). */
  tag?: string;
  method: string;
  /** The OpenAPI path, e.g. /api/worlds/{id}. */
  path: string;
  /** The same path in Fastify's syntax, e.g. /api/worlds/:id. */
  url: string;
  parameters: Parameter[];
  requestBody?: { required?: boolean; content: MediaTypes };
  responses: Record<string, { content?: MediaTypes }>;
  /** False when the operation says `security: []`. */
  secured: boolean;
  /** World roles allowed to call it (x-world-roles), when it is world-scoped. */
  worldRoles?: string[];
};

export type ApiDocument = {
  paths: Record<string, Record<string, Record<string, unknown>>>;
  security?: unknown[];
};

const documentPath = fileURLToPath(new URL('../../openapi/openapi.yaml', import.meta.url));

const methods = ['get', 'put', 'post', 'delete', 'patch'] as const;

const cacheDir = fileURLToPath(new URL('../../node_modules/.cache/worlds/', import.meta.url));
const bundlerPackage = fileURLToPath(
  new URL('../../node_modules/@redocly/openapi-core/package.json', import.meta.url),
);

/** A digest of every file of the document's folder, and of the bundler's version. */
function contentKey(path: string): string {
  const folder = dirname(path);
  const digest = createHash('sha256').update(readFileSync(bundlerPackage));
  const files = readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
  for (const file of files) digest.update(relative(folder, file)).update(readFileSync(file));
  return digest.digest('hex').slice(0, 20);
}

async function bundled(path: string): Promise<ApiDocument> {
  const cached = join(cacheDir, `openapi-${contentKey(path)}.json`);
  try {
    return JSON.parse(readFileSync(cached, 'utf8')) as ApiDocument;
  } catch {
    // Not bundled yet for this content: below.
  }
  const { bundle, createConfig } = await import('@redocly/openapi-core');
  const config = await createConfig({});
  const result = await bundle({ ref: path, config, dereference: true });
  const parsed = result.bundle.parsed as ApiDocument;
  try {
    mkdirSync(cacheDir, { recursive: true });
    const temporary = `${cached}.${randomBytes(4).toString('hex')}`;
    writeFileSync(temporary, JSON.stringify(parsed));
    renameSync(temporary, cached);
  } catch {
    // A read-only install bundles again at its next start.
  }
  return parsed;
}

const loaded = new Map<string, Promise<ApiDocument>>();

/**
 * The contract, bundled from openapi/ with every $ref resolved: once per process, and kept by
 * content in node_modules/.cache/worlds/ for the next start. Loading Redocly and bundling took
 * about a second of every server start and of every API test file's app (docs/testing.md#time).
 * The document is shared: read it, never change it.
 */
export function loadDocument(path = documentPath): Promise<ApiDocument> {
  let document = loaded.get(path);
  if (!document) loaded.set(path, (document = bundled(path)));
  return document;
}

export function listOperations(doc: ApiDocument): Operation[] {
  const globallySecured = (doc.security ?? []).length > 0;
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    const shared = (item.parameters as unknown as Parameter[] | undefined) ?? [];
    for (const method of methods) {
      const op = item[method];
      if (!op) continue;
      const own = (op.parameters as Parameter[] | undefined) ?? [];
      const security = op.security as unknown[] | undefined;
      operations.push({
        operationId: op.operationId as string,
        tag: (op.tags as string[] | undefined)?.[0],
        method: method.toUpperCase(),
        path,
        url: path.replace(/\{(\w+)\}/g, ':$1'),
        parameters: [
          ...shared.filter((p) => !own.some((o) => o.name === p.name && o.in === p.in)),
          ...own,
        ],
        requestBody: op.requestBody as Operation['requestBody'],
        responses: (op.responses ?? {}) as Operation['responses'],
        secured: security ? security.length > 0 : globallySecured,
        worldRoles: op['x-world-roles'] as string[] | undefined,
      });
    }
  }
  return operations;
}
