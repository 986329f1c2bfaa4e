/**
 * Something is being fetched: a status for screen readers, and for sighted people a line of text
 * in place of what is coming (or, with `page`, a spinner filling the page while the session is
 * restored or a route's code loads). `label` names what is loading when that helps.
 */
export function Loading({
  label = '読み込み中…',
  page = false,
}: {
  label?: string;
  page?: boolean;
}) {
  if (!page) return <p role="status">{label}</p>;
  return (
    <div className="page-loading" role="status">
      <span className="page-loading-spinner" aria-hidden="true" />
      {label}
    </div>
  );
}

/** The whole-page form, as a component of its own for the router's HydrateFallback. */
export function PageLoading() {
  return <Loading page />;
}
