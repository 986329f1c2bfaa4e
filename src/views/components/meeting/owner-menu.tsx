import { useId, type ReactNode } from 'react';
import type { WorldView } from '../../../services/meeting/meeting-api';
import { BellRinger } from './bell-panel';
import { InformationBoard } from './information-board';
import { LiveStreamPanel } from './live-stream-panel';
import { RecordingControls } from './recording-control';
import { AnnouncementForm } from './world-announcement';
import type { WorldActors } from './world-actors';

/**
 * 管理: the tools of owner and staff in one panel of the toolbar, not about the page
 * (docs/decisions/040-main-area-and-owner-menu.md): recording, the stage's stream, the attendees
 * of one's space with their microphones, cameras and removal (`roster`), the bell, the
 * announcement to every space and the information board's editing.
 */
export function OwnerMenu({
  world,
  spaceId,
  board,
  roster,
}: {
  world: WorldActors;
  /** The space one is in: the bell's 「このスペース」. */
  spaceId: string;
  board: WorldView['informationBoard'];
  /** The attendees of one's space with what owner and staff do to them. */
  roster: ReactNode;
}) {
  const id = useId();
  return (
    <section className="owner-menu" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>管理</h2>
      <section aria-labelledby={`${id}-recording`}>
        <h3 id={`${id}-recording`}>録画</h3>
        <RecordingControls world={world} />
      </section>
      <LiveStreamPanel world={world} part="manage" />
      {roster}
      <section aria-labelledby={`${id}-bell`}>
        <h3 id={`${id}-bell`}>ベル</h3>
        <BellRinger worldId={world.worldId} spaceId={spaceId} />
      </section>
      <AnnouncementForm world={world} />
      <InformationBoard world={world} initial={board} canEdit />
    </section>
  );
}
