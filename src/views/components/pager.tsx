import './pager.css';

/** The page number of ?page=N; anything else is the first page. */
export function pageOf(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** Pages of a list: 前のページ / 次のページ, hidden when everything fits on one page. */
export function Pager({
  page,
  perPage,
  total,
  label,
  onPage,
}: {
  page: number;
  perPage: number;
  total: number;
  label: string;
  onPage: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / perPage));
  if (pages <= 1) return null;
  return (
    <nav className="pager" aria-label={label}>
      <button
        type="button"
        className="button"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        前のページ
      </button>
      <span>
        {page} / {pages} ページ
      </span>
      <button
        type="button"
        className="button"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        次のページ
      </button>
    </nav>
  );
}

/** "25件中 21〜25件目": where the shown items sit in the whole list. */
export function rangeLabel(page: number, perPage: number, shown: number, total: number): string {
  const first = (page - 1) * perPage + 1;
  return `${total}件中 ${first}〜${first + shown - 1}件目`;
}
