import { useCallback, useState, type ReactNode } from 'react';
import { ErrorSummary } from '../form/error-summary';
import { Notice } from '../form/notice';
import { operationErrors } from '../worlds/world-format';

/**
 * What a list section's last action came to: `done` after a success (then `refresh` invalidates
 * the queries the action changed), the messages after a failure (counted, so the summary takes
 * focus each time).
 */
export function useSectionOutcome<Done = string>(refresh: () => void) {
  const [done, setDone] = useState<Done | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [failures, setFailures] = useState(0);

  const fail = useCallback((messages: string[]) => {
    setDone(null);
    setErrors(messages);
    setFailures((n) => n + 1);
  }, []);
  const succeed = useCallback(
    (next: Done) => {
      setErrors([]);
      setDone(next);
      refresh();
    },
    [refresh],
  );
  /** An operation's answer: its errors on failure, `next` on success. */
  const settle = (
    outcome: { ok: true } | { ok: false; errors: string[]; status: number },
    next: Done,
  ) => {
    if (outcome.ok) succeed(next);
    else fail(operationErrors(outcome));
  };
  const forget = useCallback(() => setDone(null), []);
  return { done, errors, failures, fail, succeed, settle, forget };
}

type Outcome<Done> = Pick<
  ReturnType<typeof useSectionOutcome<Done>>,
  'done' | 'errors' | 'failures'
>;

/** The notice of the last success (drawn by `children`, a plain message by default) and the failure summary. */
export function SectionOutcome<Done = string>({
  outcome,
  children = (done) => <p>{String(done)}</p>,
}: {
  outcome: Outcome<Done>;
  children?: (done: Done) => ReactNode;
}) {
  return (
    <>
      {outcome.done !== null && <Notice>{children(outcome.done)}</Notice>}
      <ErrorSummary
        messages={outcome.errors}
        focusKey={outcome.failures}
        title="操作できませんでした。"
      />
    </>
  );
}
