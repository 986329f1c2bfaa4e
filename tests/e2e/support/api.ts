/** A JSON call to the server under test, outside the browser (setting up and checking). */
export async function api(
  baseUrl: string,
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
) {
  const res = await fetch(`${baseUrl}${path}`, {
    method: init.method ?? 'GET',
    headers: { 'content-type': 'application/json', ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  return {
    status: res.status,
    headers: res.headers,
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- test code reads fields freely
    json: (text ? JSON.parse(text) : null) as any,
  };
}

/** The devise_token_auth headers of a response, to send back. */
export const authHeaders = (res: { headers: Headers }) => ({
  'access-token': res.headers.get('access-token') ?? '',
  client: res.headers.get('client') ?? '',
  uid: res.headers.get('uid') ?? '',
});
