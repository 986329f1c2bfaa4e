import type { ErrorObject, ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { default as addFormats } from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';
import { fieldMessage, isStorableText, messages } from '../../src/domain/validation-messages';
import type { JsonSchema, Operation } from './document';

function createAjv(coerceTypes: false | 'array') {
  // strict: false because OpenAPI schemas carry annotations (examples, description, x-*)
  // that are not validation keywords; the document itself is linted by Redocly.
  const ajv = new Ajv2020({ strict: false, allErrors: false, coerceTypes, useDefaults: true });
  addFormats.default(ajv, ['email', 'uuid', 'date-time', 'date', 'uri']);
  return ajv;
}

// Path and query values arrive as strings; JSON bodies must carry the declared types as they are.
const coercing = createAjv('array');
const exact = createAjv(false);

export type RouteSchema = {
  params?: JsonSchema;
  querystring?: JsonSchema;
  body?: JsonSchema;
  bodyRequired?: boolean;
};

export function routeSchema(op: Operation): RouteSchema {
  const schema: RouteSchema = {};
  const group = (where: 'path' | 'query') => {
    const params = op.parameters.filter((p) => p.in === where);
    if (params.length === 0) return undefined;
    return {
      type: 'object',
      properties: Object.fromEntries(params.map((p) => [p.name, p.schema ?? {}])),
      required: params.filter((p) => p.required || where === 'path').map((p) => p.name),
    };
  };
  const params = group('path');
  const querystring = group('query');
  if (params) schema.params = params;
  if (querystring) schema.querystring = querystring;
  const body = op.requestBody?.content['application/json']?.schema;
  if (body) {
    schema.body = body;
    schema.bodyRequired = op.requestBody?.required === true;
  }
  return schema;
}

/**
 * Fastify validator compiler: bodies validated without coercion, an absent optional body passes.
 * Each validator is compiled when its route is first called, not at start: compiling all of
 * them took a tenth of every server start (docs/testing.md#time); validation.test.ts compiles
 * every operation's schemas.
 */
export function validatorCompiler(
  optionalBodies: WeakSet<object>,
): FastifySchemaCompiler<JsonSchema> {
  return ({ schema, httpPart }) => {
    let compiled: ValidateFunction | undefined;
    const optional = httpPart === 'body' && optionalBodies.has(schema);
    return (data: unknown) => {
      if (optional && (data === undefined || data === null)) return { value: data };
      const validate = (compiled ??= (httpPart === 'body' ? exact : coercing).compile(schema));
      if (!validate(data))
        return { error: new RequestValidationError(validate.errors ?? [], httpPart ?? '') };
      const unstorable = unstorableString(data, '');
      if (unstorable !== null)
        return {
          error: new RequestValidationError(
            [{ keyword: 'unstorable', instancePath: unstorable, schemaPath: '', params: {} }],
            httpPart ?? '',
          ),
        };
      return { value: data };
    };
  };
}

/**
 * The path of the first string (value or key) PostgreSQL cannot store as text: U+0000, or a lone
 * UTF-16 surrogate (not a character at all). Checked here, once for every body, query and path
 * of the contract, so no handler meets one (issue 13: they were 500s).
 */
function unstorableString(value: unknown, path: string): string | null {
  if (typeof value === 'string') return isStorableText(value) ? null : path;
  if (typeof value !== 'object' || value === null) return null;
  for (const [key, item] of Object.entries(value)) {
    const at = `${path}/${key}`;
    if (!isStorableText(key)) return at;
    const found = unstorableString(item, at);
    if (found !== null) return found;
  }
  return null;
}

export class RequestValidationError extends Error {
  readonly statusCode = 400;
  constructor(
    readonly errors: ErrorObject[],
    readonly part: string,
  ) {
    super(errors.map(describeError).join('\n'));
  }
}

/** "email: 入力してください。": names the field, in the words of docs/product.md §5 (Validation) where it has them. */
function describeError(error: ErrorObject): string {
  const path = error.instancePath.split('/').filter(Boolean).join('.');
  const p = error.params as Record<string, unknown>;
  const join = (name: unknown) => [path, String(name)].filter(Boolean).join('.');
  switch (error.keyword) {
    case 'required':
      return fieldMessage(join(p.missingProperty), messages.required());
    case 'additionalProperties':
      return fieldMessage(join(p.additionalProperty), messages.unknownField());
    case 'minLength':
      return fieldMessage(
        path,
        p.limit === 1 ? messages.required() : messages.minLength(Number(p.limit)),
      );
    case 'maxLength':
      return fieldMessage(path, messages.maxLength(Number(p.limit)));
    case 'minimum':
      return fieldMessage(path, messages.minNumber(Number(p.limit)));
    case 'maximum':
      return fieldMessage(path, messages.maxNumber(Number(p.limit)));
    case 'minItems':
      return fieldMessage(
        path,
        Number(p.limit) === 1 ? messages.nonEmptyArray() : messages.invalid(),
      );
    case 'maxItems':
      return fieldMessage(path, messages.maxItems(Number(p.limit)));
    case 'type':
      return fieldMessage(path, messages.type(String(p.type)));
    case 'enum':
      return fieldMessage(path, messages.oneOf(p.allowedValues as unknown[]));
    case 'format':
      return fieldMessage(path, formatMessage(String(p.format)));
    case 'unstorable':
      return fieldMessage(path, messages.unstorableCharacter());
    default:
      return fieldMessage(path, messages.invalid());
  }
}

function formatMessage(format: string): string {
  switch (format) {
    case 'email':
      return messages.email();
    case 'uuid':
      return messages.uuid();
    case 'date-time':
      return messages.dateTime();
    case 'date':
      return messages.date();
    case 'uri':
      return messages.uri();
    default:
      return messages.invalid();
  }
}

/** Checks answers against the document; used in tests so that handlers and contract never drift. */
export function responseValidator(op: Operation) {
  const cache = new Map<string, ValidateFunction | null>();
  return (status: number, body: unknown): string | null => {
    const key = String(status);
    if (!cache.has(key)) {
      const schema = (op.responses[key] ?? op.responses.default)?.content?.['application/json']
        ?.schema;
      cache.set(key, schema ? exact.compile(schema) : null);
    }
    const validate = cache.get(key);
    if (validate === undefined || validate === null) {
      return op.responses[key] || op.responses.default ? null : `status ${status} is not declared`;
    }
    return validate(body) ? null : exact.errorsText(validate.errors);
  };
}
