import type { FastifyError, FastifyInstance } from 'fastify';
import { RequestValidationError } from '../openapi/validation';

/** An error a person reads: its messages are Japanese and shown as they are. */
export class HttpError extends Error {
  readonly messages: string[];
  constructor(
    readonly statusCode: number,
    messages: string | string[],
    readonly headers: Record<string, string> = {},
  ) {
    const list = Array.isArray(messages) ? messages : [messages];
    super(list.join('\n'));
    this.messages = list;
  }
}

/**
 * How a rule refuses, without speaking HTTP (docs/architecture.md: rules answer typed outcomes or
 * domain errors, turned into HTTP in one place, registerErrorHandler below).
 */
export type Refusal =
  | 'malformed'
  | 'unauthenticated'
  | 'forbidden'
  | 'notFound'
  | 'conflict'
  | 'tooLarge'
  | 'wrongType'
  | 'invalid'
  | 'tooSoon'
  | 'upstreamFailed'
  | 'unavailable';

const statusOf: Record<Refusal, number> = {
  malformed: 400,
  unauthenticated: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  tooLarge: 413,
  wrongType: 415,
  invalid: 422,
  tooSoon: 429,
  upstreamFailed: 502,
  unavailable: 503,
};

/** A rule's refusal: its Japanese messages are shown as they are; tooSoon may say when to retry. */
export class RuleError extends Error {
  readonly messages: string[];
  constructor(
    readonly kind: Refusal,
    messages: string | string[],
    readonly retryAfterSeconds?: number,
  ) {
    const list = Array.isArray(messages) ? messages : [messages];
    super(list.join('\n'));
    this.messages = list;
  }
}

const fallbackMessages: Record<number, string> = {
  400: 'リクエストの形式が正しくありません。',
  401: 'ログインもしくはアカウント登録してください。',
  403: 'この操作を行う権限がありません。',
  404: '見つかりません。',
  405: 'このメソッドには対応していません。',
  406: 'この形式には対応していません。',
  409: 'ほかの操作と競合しました。もう一度お試しください。',
  413: 'リクエストが大きすぎます。',
  415: 'Content-Type は application/json にしてください。',
  422: '処理できない内容です。',
  429: 'リクエストが多すぎます。しばらくしてからもう一度お試しください。',
  501: 'この機能はまだ提供されていません。',
};

const fastifyCodes: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'JSON の形式が正しくありません。',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'JSON の本文が空です。',
  FST_ERR_CTP_BODY_TOO_LARGE: fallbackMessages[413]!,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: fallbackMessages[415]!,
};

export function errorBody(messages: string[]) {
  return { errors: messages };
}

/** Every error answers `{ errors: [...] }`; 5xx details go to the log, never to the client. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler(
    (error: FastifyError | HttpError | RuleError | RequestValidationError, request, reply) => {
      if (error instanceof RuleError) {
        if (error.retryAfterSeconds !== undefined)
          reply.header('retry-after', String(error.retryAfterSeconds));
        return reply.code(statusOf[error.kind]).send(errorBody(error.messages));
      }
      if (error instanceof HttpError) {
        return reply.code(error.statusCode).headers(error.headers).send(errorBody(error.messages));
      }
      if (error instanceof RequestValidationError) {
        return reply.code(400).send(errorBody(error.message.split('\n')));
      }
      const status = error.statusCode ?? 500;
      if (status >= 500) {
        request.log.error({ err: error }, 'request failed');
        return reply
          .code(500)
          .send(
            errorBody(['サーバーでエラーが発生しました。時間をおいてもう一度お試しください。']),
          );
      }
      const message =
        (error.code && fastifyCodes[error.code]) ??
        fallbackMessages[status] ??
        fallbackMessages[400]!;
      return reply.code(status).send(errorBody([message]));
    },
  );
}
