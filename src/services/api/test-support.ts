/** What a fake fetch saw, in a form a test can compare with toEqual. */
interface SeenRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string | null;
}

/** A scripted reply: a Response to return, or an Error to reject with. */
export type Reply = Response | Error;

/**
 * A fetch that answers from a script, in order, and records every request it receives.
 * An unscripted request fails the call loudly (a plain Error, which is never retried).
 */
export function createFakeFetch(replies: Reply[]) {
  const seen: SeenRequest[] = [];
  const queue = [...replies];
  const fetch = async (request: Request): Promise<Response> => {
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => {
      headers[name] = value;
    });
    seen.push({
      method: request.method,
      url: request.url,
      headers,
      body: request.body === null ? null : await request.text(),
    });
    const reply = queue.shift();
    if (reply === undefined)
      throw new Error(`unscripted request: ${request.method} ${request.url}`);
    if (reply instanceof Error) throw reply;
    return reply;
  };
  return { fetch, seen };
}

export function jsonResponse(body: unknown, init: ResponseInit = {}): Response {
  return new Response(JSON.stringify(body), {
    ...init,
    headers: { 'content-type': 'application/json', ...init.headers },
  });
}

/** A network failure as fetch reports it. */
export function networkFailure(): TypeError {
  return new TypeError('Failed to fetch');
}

type Nothing = { query?: never; header?: never; path?: never; cookie?: never };
type JsonContent<T> = { content: { 'application/json': T } };
type Operation<Params, Body> = {
  parameters: Params;
  responses: {
    200: { headers: Record<string, unknown> } & JsonContent<{ ok: boolean }>;
    default: { headers: Record<string, unknown> } & JsonContent<{ errors: string[] }>;
  };
} & ([Body] extends [undefined] ? { requestBody?: never } : { requestBody: JsonContent<Body> });
type WorldParams = { query?: never; header?: never; path: { id: number }; cookie?: never };
type WorldBody = { name?: string; ids?: number[] };

/** A small API in openapi-typescript's shape, so tests exercise the real client types. */
export interface TestPaths {
  '/api/news': {
    parameters: Nothing;
    get: Operation<
      {
        query?: { page?: number; tags?: string[]; q?: string };
        header?: never;
        path?: never;
        cookie?: never;
      },
      undefined
    >;
    post: Operation<Nothing, WorldBody>;
  };
  '/api/worlds/{id}': {
    parameters: WorldParams;
    get: Operation<WorldParams, undefined>;
    put: Operation<WorldParams, WorldBody>;
    patch: Operation<WorldParams, WorldBody>;
    delete: Operation<WorldParams, WorldBody>;
  };
}
