import { useEffect, useState } from 'react';
import { Tooltip } from '../tooltip';

/**
 * Copies `text` to the clipboard and says so beside the button (role="status"); a tooltip shows
 * what it copies. Where the
 * clipboard is refused (an insecure origin, a denied permission) it says how to copy by hand.
 */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [result, setResult] = useState<'copied' | 'failed' | null>(null);
  useEffect(() => {
    if (result !== 'copied') return;
    const timer = setTimeout(() => setResult(null), 4000);
    return () => clearTimeout(timer);
  }, [result]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setResult('copied');
    } catch {
      setResult('failed');
    }
  };

  return (
    <span className="membership-toolbar">
      {/* The URL itself, for whoever wants to check what the button copies before pressing it. */}
      <Tooltip content={text}>
        <button type="button" className="button" aria-label={label} onClick={() => void copy()}>
          URLをコピー
        </button>
      </Tooltip>
      <span role="status">
        {result === 'copied' && 'コピーしました。'}
        {result === 'failed' && 'コピーできませんでした。URLを選択してコピーしてください。'}
      </span>
    </span>
  );
}
