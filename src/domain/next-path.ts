/**
 * The page a mailed link asks to open once done (`redirect_url`, devise_token_auth's
 * confirm_success_url / redirect_url, which the server accepts only for this site): a path of
 * this site, or null. Anything else is ignored, so a crafted link cannot send people elsewhere.
 */
export function nextPath(value: string | null): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\'))
    return null;
  return value;
}
