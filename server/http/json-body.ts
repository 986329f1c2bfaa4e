import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors';

/** Deeper than any body of the contract or any Stripe event, far shallower than a stack. */
export const maxJsonDepth = 64;

export const jsonBodyMessages = {
  byteOrderMark: 'JSON の先頭に BOM（U+FEFF）を付けずに送信してください。',
  tooDeep: `JSON の入れ子が深すぎます。${maxJsonDepth}段以下にしてください。`,
} as const;

/**
 * The depth of the deepest array or object of a JSON text, counted without parsing it (strings
 * skipped), stopping as soon as it passes `limit`: every later check (the contract's schema, the
 * check for unstorable text, a handler) may then walk a body by recursion.
 */
function exceedsDepth(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > limit) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/**
 * application/json bodies (ADR 014): Fastify's own parser (prototype poisoning refused, the body
 * limit) behind two refusals, both 400: a body starting with U+FEFF (RFC 8259 forbids sending
 * one; the parser would drop it silently, so a proxy that reads the bytes as invalid JSON and the
 * server would see two different bodies), and one nested deeper than maxJsonDepth.
 */
export function registerJsonBodies(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = body as string;
    if (text.charCodeAt(0) === 0xfeff)
      return done(new HttpError(400, jsonBodyMessages.byteOrderMark));
    if (exceedsDepth(text, maxJsonDepth)) return done(new HttpError(400, jsonBodyMessages.tooDeep));
    return parse(req, text, done);
  });
}
