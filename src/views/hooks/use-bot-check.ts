import { useEffect, useMemo } from 'react';

// The bot check of docs/product.md §7 (reCAPTCHA v3: an action-named token requested on
// demand, badge hidden). Used only when VITE_BOT_CHECK_SITE_KEY is set at build time; the
// script is loaded the first time a page that needs it is shown, not with the app.

type Grecaptcha = {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
};

// Read off window without a global declaration, which could clash with the app's own.
const loadedGrecaptcha = () => (window as unknown as { grecaptcha?: Grecaptcha }).grecaptcha;

export type GetBotToken = (action: string) => Promise<string>;

let loading: Promise<Grecaptcha> | undefined;

function load(siteKey: string): Promise<Grecaptcha> {
  loading ??= new Promise<Grecaptcha>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`;
    script.async = true;
    script.onload = () => {
      const grecaptcha = loadedGrecaptcha();
      if (grecaptcha) grecaptcha.ready(() => resolve(grecaptcha));
      else reject(new Error('bot check script loaded without grecaptcha'));
    };
    script.onerror = () => reject(new Error('bot check script failed to load'));
    document.head.append(script);
  }).catch((error: unknown) => {
    loading = undefined; // let the next attempt try again
    throw error;
  });
  return loading;
}

function configuredSiteKey(): string | undefined {
  const key: unknown = import.meta.env.VITE_BOT_CHECK_SITE_KEY;
  return typeof key === 'string' && key !== '' ? key : undefined;
}

/** A function giving a token for `action`, or undefined when no bot check is configured. */
export function useBotCheck(): GetBotToken | undefined {
  const siteKey = configuredSiteKey();

  useEffect(() => {
    // Start loading as the page opens, so that submitting does not wait for the script.
    if (siteKey) load(siteKey).catch(() => undefined);
  }, [siteKey]);

  return useMemo(() => {
    if (!siteKey) return undefined;
    return async (action: string) => {
      const grecaptcha = await load(siteKey);
      return grecaptcha.execute(siteKey, { action });
    };
  }, [siteKey]);
}
