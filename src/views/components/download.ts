/**
 * Saves a blob as a file through a temporary object URL and a link with `download`: the bytes
 * are the response's own (a CSV keeps its BOM), and the request carried the session headers,
 * which a plain link to the API could not.
 */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: revoking at once can cancel the download before the browser has read it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** The file name of a Content-Disposition header (RFC 6266, filename* first); null without one. */
export function fileNameOf(contentDisposition: string | null): string | null {
  if (!contentDisposition) return null;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(contentDisposition);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // A malformed escape: fall through to the plain filename.
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(contentDisposition);
  return plain?.[1]?.trim() || null;
}
