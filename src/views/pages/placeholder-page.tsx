import { useMatches } from 'react-router';

/**
 * The page of the route table's redirect entries (`/`, `/mypage`): their loader sends the visitor
 * on before any page renders, so this shows only if a redirect is ever taken away.
 */
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
