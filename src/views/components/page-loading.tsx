/** What a page shows while it cannot decide yet (the session is being restored). */
export function PageLoading() {
  return (
    <div className="page-loading" role="status">
      <span className="page-loading-spinner" aria-hidden="true" />
      読み込み中…
    </div>
  );
}
