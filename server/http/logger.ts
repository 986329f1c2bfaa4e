import pino, { type DestinationStream, type Logger } from 'pino';
import pretty from 'pino-pretty';

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

/** A request's two entries as a person reads them; any other entry keeps its message. */
function readableMessage(log: Record<string, unknown>, messageKey: string): string {
  const req = log.req as { method: string; url: string } | undefined;
  const res = log.res as { statusCode: number } | undefined;
  const id = typeof log.reqId === 'string' ? `${log.reqId} ` : '';
  if (req && log[messageKey] === 'incoming request') return `${id}→ ${req.method} ${req.url}`;
  if (res && log[messageKey] === 'request completed')
    return `${id}← ${res.statusCode} in ${Math.round(Number(log.responseTime))} ms`;
  return `${id}${String(log[messageKey] ?? '')}`;
}

/**
 * Development logs for a person (docs/configuration.md): one line an entry, a request as its
 * method, URL and status. It formats what createLogger's serializers already redacted; production
 * keeps JSON for machines.
 */
export function readableLogs(destination?: NodeJS.WritableStream): DestinationStream {
  return pretty({
    destination,
    sync: true, // the last lines before process.exit are not lost
    singleLine: true,
    translateTime: 'SYS:HH:MM:ss.l',
    // processId (docs/decisions/032) tells processes apart in the JSON logs several of them write.
    ignore: 'pid,hostname,reqId,req,res,responseTime,processId',
    messageFormat: readableMessage,
  });
}
