import { fileURLToPath } from 'node:url';
import { bundle, createConfig } from '@redocly/openapi-core';

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

/** The contract, bundled from openapi/ with every $ref resolved. */
export async function loadDocument(path = documentPath): Promise<ApiDocument> {
  const config = await createConfig({});
  const result = await bundle({ ref: path, config, dereference: true });
  return result.bundle.parsed as ApiDocument;
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
