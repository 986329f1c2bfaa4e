import type { MouseEvent } from 'react';

/** The first thing a keyboard reaches: jumps past the header to the page's main content. */
export function SkipLink({ target = 'main' }: { target?: string }) {
  // Focus by hand: a plain "#main" would also become a router navigation.
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(target);
    if (!main) return;
    event.preventDefault();
    main.focus();
    main.scrollIntoView();
  };
  return (
    <a className="skip-link" href={`#${target}`} onClick={onClick}>
      本文へスキップ
    </a>
  );
}
