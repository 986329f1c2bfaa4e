import { describe, expect, it } from 'vitest';
import { ApiError, dataOf, NETWORK_ERROR_MESSAGE, serverMessages, toApiError } from './api-error';

const answer = (status: number, body?: unknown) => ({
  data: status < 400 ? body : undefined,
  error: status < 400 ? undefined : body,
  response: new Response(null, { status }),
});

describe('serverMessages', () => {
  it("answers the server's messages as they are, in order", () => {
    expect(
      serverMessages({ errors: ['名前を入力してください', '定員を超えています'] }, 422),
    ).toEqual(['名前を入力してください', '定員を超えています']);
  });

  it('drops entries that are not messages (empty, not strings)', () => {
    expect(serverMessages({ errors: ['', 3, null, '見つかりません'] }, 404)).toEqual([
      '見つかりません',
    ]);
  });

  it('falls back to "Error {status}" for a body without messages (docs/product.md §8)', () => {
    expect(serverMessages(undefined, 502)).toEqual(['Error 502']);
    expect(serverMessages('<html>Bad gateway</html>', 502)).toEqual(['Error 502']);
    expect(serverMessages({ errors: [] }, 500)).toEqual(['Error 500']);
    expect(serverMessages({ errors: 'not a list' }, 400)).toEqual(['Error 400']);
  });
});

describe('dataOf', () => {
  it('answers the data and status of a success', async () => {
    await expect(dataOf(async () => answer(201, { id: 'w1' }))).resolves.toEqual({
      data: { id: 'w1' },
      status: 201,
    });
  });

  it('throws an ApiError with the status and the messages of a refusal', async () => {
    const failure = await dataOf(async () => answer(403, { errors: ['権限がありません'] })).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 403, messages: ['権限がありません'] });
  });

  it('takes a refusal without a body for a failure too, not for empty data', async () => {
    await expect(dataOf(async () => answer(404))).rejects.toMatchObject({
      status: 404,
      messages: ['Error 404'],
    });
  });

  it('reads a call that got no answer as status 0 with the network message', async () => {
    await expect(
      dataOf(() => Promise.reject(new TypeError('Failed to fetch'))),
    ).rejects.toMatchObject({ status: 0, messages: [NETWORK_ERROR_MESSAGE] });
  });

  it('lets an abort through untouched: nobody waits for that answer, it is no failure', async () => {
    const abort = new DOMException('aborted', 'AbortError');
    await expect(dataOf(() => Promise.reject(abort))).rejects.toBe(abort);
  });
});

describe('toApiError', () => {
  it('keeps an ApiError (and its subclasses) as it is', () => {
    class Special extends ApiError {}
    const error = new Special(409, ['この日程は予約済みです']);
    expect(toApiError(error)).toBe(error);
  });

  it('reads anything else as no answer', () => {
    expect(toApiError(new TypeError('Failed to fetch'))).toMatchObject({
      status: 0,
      messages: [NETWORK_ERROR_MESSAGE],
    });
  });
});
