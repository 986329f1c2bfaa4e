import pino, { type DestinationStream, type Logger } from 'pino';

const secretParam = /(token|password|secret|signature|code)/i;

/** The URL as logged: values of query parameters that carry secrets are replaced. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  for (const key of [...params.keys()]) if (secretParam.test(key)) params.set(key, '[REDACTED]');
  return `${url.slice(0, q)}?${params.toString()}`;
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
        req: (req: { method: string; url: string; ip?: string; socket?: { remoteAddress?: string } }) => ({
          method: req.method,
          url: redactUrl(req.url),
          remoteAddress: req.ip ?? req.socket?.remoteAddress,
        }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
        err: pino.stdSerializers.err,
      },
      redact: { paths: ['req.headers', 'headers', 'password', '*.password', 'token', '*.token'], remove: true },
    },
    stream,
  );
}
