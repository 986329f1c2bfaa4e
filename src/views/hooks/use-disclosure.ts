import { useCallback, useRef, useState } from 'react';

/**
 * A form folded behind its button: `buttonProps` go on the button (aria-expanded says whether it
 * is open), `close` folds it after a success and gives the focus back to the button.
 */
export function useDisclosure() {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => {
    setOpen(false);
    ref.current?.focus();
  }, []);
  const buttonProps = { ref, 'aria-expanded': open, onClick: () => setOpen((now) => !now) };
  return { open, close, buttonProps };
}
