import { useMatches } from 'react-router';

/** The screens later issues build: the route, layout and guard are real; the content is not yet. */
export function PlaceholderPage() {
  const matches = useMatches();
  const title = [...matches]
    .reverse()
    .map((match) => (match.handle as { title?: unknown } | undefined)?.title)
    .find((value): value is string => typeof value === 'string' && value !== '');
  return (
    <section className="placeholder-page" aria-labelledby="placeholder-title">
      <h1 id="placeholder-title">{title ?? 'このページ'}</h1>
      <p>この画面は現在準備中です。公開まで今しばらくお待ちください。</p>
    </section>
  );
}
