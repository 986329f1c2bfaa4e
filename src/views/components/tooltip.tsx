import {
  cloneElement,
  type FocusEvent,
  type KeyboardEvent,
  type PointerEvent,
  type ReactElement,
  type ReactNode,
  useCallback,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import './tooltip.css';

type TriggerProps = {
  'aria-describedby'?: string;
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onPointerLeave?: (event: PointerEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onBlur?: (event: FocusEvent<HTMLElement>) => void;
  onKeyDown?: (event: KeyboardEvent<HTMLElement>) => void;
};

export interface TooltipProps {
  content: ReactNode;
  /** One focusable element (a button, a link): it gets aria-describedby and the handlers. */
  children: ReactElement<TriggerProps>;
  /** The theme class; the product's is "worlds" (the product's theme, docs/product.md §2). */
  theme?: string;
}

const MARGIN = 8;

/**
 * A tooltip as the app shell of docs/product.md §2 describes it: no delay, not hidden by a click, not shown on
 * touch (a tap would leave it stuck open), a fade, the "worlds" theme. It also shows on keyboard
 * focus, hides on Escape, and describes its trigger through aria-describedby. Positioned fixed
 * and kept inside the viewport, so it never widens a narrow screen.
 */
export function Tooltip({ content, children, theme = 'worlds' }: TooltipProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [position, setPosition] = useState<{ top: number; left: number } | null>(null);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const tipRef = useRef<HTMLSpanElement>(null);

  const show = useCallback((trigger: HTMLElement) => {
    setAnchor(trigger);
    setOpen(true);
  }, []);
  const hide = useCallback(() => setOpen(false), []);

  useLayoutEffect(() => {
    const tip = tipRef.current;
    if (!open || !anchor || !tip) return;
    const at = anchor.getBoundingClientRect();
    const box = tip.getBoundingClientRect();
    const left = Math.min(
      Math.max(MARGIN, at.left + at.width / 2 - box.width / 2),
      window.innerWidth - box.width - MARGIN,
    );
    const above = at.top - box.height - MARGIN;
    setPosition({
      top: above >= MARGIN ? above : at.bottom + MARGIN,
      left: Math.max(MARGIN, left),
    });
  }, [open, content, anchor]);

  const props = children.props;
  const trigger = cloneElement(children, {
    'aria-describedby': [props['aria-describedby'], id].filter(Boolean).join(' '),
    onPointerEnter: (event: PointerEvent<HTMLElement>) => {
      props.onPointerEnter?.(event);
      if (event.pointerType !== 'touch') show(event.currentTarget);
    },
    onPointerLeave: (event: PointerEvent<HTMLElement>) => {
      props.onPointerLeave?.(event);
      if (event.pointerType !== 'touch') hide();
    },
    onFocus: (event: FocusEvent<HTMLElement>) => {
      props.onFocus?.(event);
      show(event.currentTarget);
    },
    onBlur: (event: FocusEvent<HTMLElement>) => {
      props.onBlur?.(event);
      hide();
    },
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
      props.onKeyDown?.(event);
      if (event.key === 'Escape' && open) {
        event.stopPropagation();
        hide();
      }
    },
  });

  return (
    <>
      {trigger}
      <span
        ref={tipRef}
        id={id}
        role="tooltip"
        className={`tooltip tooltip-theme-${theme}`}
        data-open={open && position !== null ? 'true' : 'false'}
        style={position ? { top: position.top, left: position.left } : undefined}
      >
        {content}
      </span>
    </>
  );
}
