import { useQuery } from '@tanstack/react-query';
import { spanLabel } from '../../../domain/time-zone';
import { worldQueries } from '../../../services/api/worlds-queries';
import { useQueryApi } from '../../hooks/use-api-query';
import { QueryState } from '../query-state';

/** How often the gate asks again who is in (docs/product.md, "Gate"). */
const ATTENDANCE_REFRESH_MS = 30_000;

/**
 * ワールドの案内 at the gate (docs/product.md, "Gate"): the world's cover and description, who
 * hosts it and how many members it has, how many people are in now against the capacity, and
 * the next public event. User text is shown as text.
 */
export function GateOutline({ worldId }: { worldId: string }) {
  const queryApi = useQueryApi();
  const outline = useQuery({
    ...worldQueries.memberOutline(queryApi, worldId),
    refetchInterval: ATTENDANCE_REFRESH_MS,
  });
  const card = useQuery(worldQueries.card(queryApi, worldId));
  return (
    <section className="gate-outline" aria-label="ワールドの案内">
      <QueryState query={outline} what="ワールドの案内">
        {(world) => (
          <>
            {world.coverImageUrl && <img className="gate-cover" src={world.coverImageUrl} alt="" />}
            {world.description && <p className="gate-description">{world.description}</p>}
            <ul className="gate-facts">
              {card.data && (
                <li>
                  主催: {card.data.ownerName}・メンバー {card.data.memberCount}人
                </li>
              )}
              <li>
                いま {world.currentAttendees}人が参加しています（定員 {world.capacity}人）
              </li>
              {world.nextEvent && (
                <li>
                  次のイベント: {world.nextEvent.title}（
                  {spanLabel(world.nextEvent, world.timeZone)}）
                </li>
              )}
            </ul>
          </>
        )}
      </QueryState>
    </section>
  );
}
