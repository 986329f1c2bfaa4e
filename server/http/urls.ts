/** An image shown on other people's pages: https only (a plain http image is mixed content). */
export function isHttpsUrl(value: string): boolean {
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
}
