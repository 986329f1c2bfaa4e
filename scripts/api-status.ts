import { listOperations, loadDocument, type Operation } from '../server/openapi/document';
import { handlers } from '../server/app/handlers';

/** How much of the contract is built: per tag and in total. */
export async function apiStatus() {
  const operations = listOperations(await loadDocument());
  const implemented = (op: Operation) => op.operationId in handlers;
  const byTag = new Map<string, { implemented: number; declared: number }>();
  for (const op of operations) {
    const tag = op.tag ?? 'untagged';
    const row = byTag.get(tag) ?? { implemented: 0, declared: 0 };
    row.declared += 1;
    if (implemented(op)) row.implemented += 1;
    byTag.set(tag, row);
  }
  const known = new Set(operations.map((op) => op.operationId));
  return {
    implemented: operations.filter(implemented).length,
    declared: operations.length,
    byTag: [...byTag.entries()].sort(([a], [b]) => a.localeCompare(b)),
    /** Handlers whose operationId the contract does not declare: a bug. */
    orphanHandlers: Object.keys(handlers).filter((id) => !known.has(id)),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const status = await apiStatus();
  const width = Math.max(...status.byTag.map(([tag]) => tag.length));
  for (const [tag, row] of status.byTag) {
    console.log(
      `${tag.padEnd(width)}  ${String(row.implemented).padStart(3)} / ${String(row.declared).padStart(3)}`,
    );
  }
  console.log(
    `\n${status.implemented} of ${status.declared} operations implemented; the rest answer 501.`,
  );
  if (status.orphanHandlers.length > 0) {
    console.error(`Handlers for undeclared operations: ${status.orphanHandlers.join(', ')}`);
    process.exitCode = 1;
  }
}
