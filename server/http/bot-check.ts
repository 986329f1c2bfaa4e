/**
 * Verifies a bot-check token (reCAPTCHA v3's siteverify protocol: POST secret, response and
 * remoteip as a form; the answer carries success, action and score). The URL is configurable so
 * tests point it at a local server speaking the same protocol.
 */
export type BotCheck = {
  verify(token: string | undefined, action: string, ip: string): Promise<boolean>;
};

type Options = { secret: string; verifyUrl: string; minScore: number; fetch?: typeof fetch };

export function createBotCheck({
  secret,
  verifyUrl,
  minScore,
  fetch: fetchImpl = fetch,
}: Options): BotCheck {
  return {
    async verify(token, action, ip) {
      if (!token) return false;
      const response = await fetchImpl(verifyUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ secret, response: token, remoteip: ip }),
        signal: AbortSignal.timeout(5000),
      });
      if (!response.ok) throw new Error(`bot check answered ${response.status}`);
      const result = (await response.json()) as {
        success?: boolean;
        action?: string;
        score?: number;
      };
      return result.success === true && result.action === action && (result.score ?? 0) >= minScore;
    },
  };
}
