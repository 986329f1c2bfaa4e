import { useId, useRef, useState } from 'react';

/** The public page's URL in a read-only field with a copy button (the field is selected if copying is not allowed). */
export function PublicUrl({ url, published }: { url: string; published: boolean }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<string>('');

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied('URLをコピーしました。');
    } catch {
      input.current?.select();
      setCopied('コピーできませんでした。選択されたURLをコピーしてください。');
    }
  };

  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        公開ページのURL
      </label>
      <p className="field-hint" id={`${id}-hint`}>
        {published
          ? 'このURLを参加してほしい人に共有してください。'
          : '公開すると、このURLで誰でも見られるようになります。'}
      </p>
      <div className="public-url">
        <input
          ref={input}
          id={id}
          className="field-control"
          readOnly
          value={url}
          aria-describedby={`${id}-hint`}
          onFocus={(e) => e.target.select()}
        />
        <button type="button" className="button" onClick={() => void copy()}>
          URLをコピー
        </button>
      </div>
      <p role="status" className="field-hint">
        {copied}
      </p>
    </div>
  );
}
