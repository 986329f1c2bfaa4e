/** The page number of ?page=N; anything else is the first page. */
export function pageOf(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** 前のページ / 次のページ under a list of `total` items, `perPage` a page; nothing for one page. */
export function Pager({ label, page, perPage, total, onGo }: { label: string; page: number; perPage: number; total: number; onGo(page: number): void }) {
  const pages = Math.max(1, Math.ceil(total / perPage));
  if (pages <= 1) return null;
  return (
    <nav className="pager" aria-label={label}>
      <button type="button" className="button" disabled={page <= 1} onClick={() => onGo(page - 1)}>
        前のページ
      </button>
      <span>
        {page} / {pages} ページ
      </span>
      <button type="button" className="button" disabled={page >= pages} onClick={() => onGo(page + 1)}>
        次のページ
      </button>
    </nav>
  );
}
