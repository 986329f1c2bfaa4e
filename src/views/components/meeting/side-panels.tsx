// The world page's side panels (docs/decisions/030-world-page-as-a-place.md): one open at a time,
// beside the map on a wide screen and a sheet over it on a phone, opened from the toolbar. Every
// panel stays mounted while closed (hidden), so that what it follows (the board, the attendance)
// is current when it opens; the chat's and the questions' panels load on first opening.
import { useEffect, useRef, useState, type ReactNode } from 'react';

export const PANELS = {
  people: '参加者',
  board: 'お知らせ',
  questionnaires: 'アンケート',
  questions: '質問',
  chat: 'チャット',
  manage: '管理',
} as const;

export type PanelKey = keyof typeof PANELS;

export const panelId = (key: PanelKey) => `side-panel-${key}`;

const LOADED_ON_OPENING: ReadonlySet<PanelKey> = new Set(['chat', 'questions']);

/** The screen at which the panel sits beside the map rather than over it. */
const WIDE = '(min-width: 48rem)';

export interface SidePanelState {
  open: PanelKey | null;
  /** Opens `key`, or closes it when it is open; the opened panel takes the focus. */
  toggle: (key: PanelKey) => void;
  close: () => void;
  /** Bumped when the visitor opens a panel: the panel takes the focus then, not on load. */
  opened: number;
}

/** On a wide screen the attendees are open on entry; on a phone the map comes first. */
export function useSidePanel(): SidePanelState {
  const [open, setOpen] = useState<PanelKey | null>(() =>
    window.matchMedia?.(WIDE).matches ? 'people' : null,
  );
  const [opened, setOpened] = useState(0);
  return {
    open,
    opened,
    toggle: (key) => {
      setOpen((now) => (now === key ? null : key));
      setOpened((n) => n + 1);
    },
    close: () => setOpen(null),
  };
}

/** The panels' frame: each panel by key; none of them shown while `open` is null. */
export function SidePanels({
  state,
  panels,
}: {
  state: SidePanelState;
  panels: Partial<Record<PanelKey, ReactNode>>;
}) {
  const { open, opened, close } = state;
  const ref = useRef<HTMLElement>(null);
  // The chat's and the questions' panels are fetched on first opening and kept from then on.
  const [visited, setVisited] = useState<ReadonlySet<PanelKey>>(() => new Set());
  if (open && !visited.has(open)) setVisited(new Set([...visited, open]));
  useEffect(() => {
    if (opened > 0) ref.current?.querySelector<HTMLElement>('.side-panel:not([hidden])')?.focus();
  }, [opened]);

  return (
    <aside
      ref={ref}
      className="side-panels"
      aria-label="パネル"
      hidden={open === null}
      onKeyDown={(event) => {
        // An Escape that cancels a Japanese conversion (in the chat's box) keeps the panel open.
        if (event.key === 'Escape' && !event.nativeEvent.isComposing) close();
      }}
    >
      {(Object.keys(panels) as PanelKey[]).map((key) => (
        <div key={key} id={panelId(key)} className="side-panel" tabIndex={-1} hidden={open !== key}>
          <button type="button" className="link-button side-panel-close" onClick={close}>
            パネルを閉じる
          </button>
          {(!LOADED_ON_OPENING.has(key) || visited.has(key)) && panels[key]}
        </div>
      ))}
    </aside>
  );
}
