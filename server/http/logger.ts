import pino, { type DestinationStream, type Logger } from 'pino';

const secretParam = /(token|password|secret|signature|code|ticket|hash)/i;

/**
 * Paths whose next segment is a secret: guest links, personal links and staff invitations
 * (the token is the id), receipts (a capability URL, docs/decisions/008).
 */
const secretSegment =
  /^(\/api\/world_guest_tokens\/|\/api\/guests\/|\/api\/staff_invitation_emails\/|\/invite-staff\/|\/receipts\/)[^/?]+/;

/** The URL as logged: secrets in the path and values of query parameters that carry secrets are replaced. */
function redactUrl(url: string): string {
  const q = url.indexOf('?');
  const path = (q < 0 ? url : url.slice(0, q)).replace(secretSegment, '$1[REDACTED]');
  if (q < 0) return path;
  const params = new URLSearchParams(url.slice(q + 1));
  for (const key of [...params.keys()]) if (secretParam.test(key)) params.set(key, '[REDACTED]');
  return `${path}?${params.toString()}`;
}

// What a failed statement carries about its values: drizzle's and PGlite's `params`, the SQL text
// drizzle repeats in its message ("Failed query: …\nparams: …"), PostgreSQL's `detail` ("Key
// (email)=(…) already exists") and `where`. The statement's SQL text itself has only placeholders.
const valueFields = new Set(['params', 'parameters', 'values', 'detail', 'where', 'internalQuery']);

/** A serialized error with the values of failed statements removed, down through its causes. */
function redactError(value: unknown, depth = 0): unknown {
  if (depth > 8 || typeof value !== 'object' || value === null) {
    return typeof value === 'string'
      ? value.replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/, '')
      : value;
  }
  if (Array.isArray(value)) return value.map((v) => redactError(v, depth + 1));
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !valueFields.has(key))
      .map(([key, v]) => [key, redactError(v, depth + 1)]),
  );
}

/**
 * Request logs name the method, URL (secrets redacted) and status; headers and bodies, where
 * tokens and passwords travel, are never logged.
 */
export function createLogger(level: string, stream?: DestinationStream): Logger {
  return pino(
    {
      level,
      serializers: {
        req: (req: {
          method: string;
          url: string;
          ip?: string;
          socket?: { remoteAddress?: string };
        }) => ({
          method: req.method,
          url: redactUrl(req.url),
          remoteAddress: req.ip ?? req.socket?.remoteAddress,
        }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
        err: (err: Error) => redactError(pino.stdSerializers.err(err)),
      },
      redact: {
        paths: ['req.headers', 'headers', 'password', '*.password', 'token', '*.token'],
        remove: true,
      },
    },
    stream,
  );
}
