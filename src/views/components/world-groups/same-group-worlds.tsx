import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useQueryApi } from '../../hooks/use-api-query';
import { ListState } from '../query-state';
import { roleLabels } from '../worlds/world-format';
import { worldGroupQueries } from '../../../services/api/world-groups-queries';
import './world-groups.css';

/** 同じグループのワールド on a world's page (owner and staff): the other worlds of its groups. */
export function SameGroupWorlds({ worldId }: { worldId: string }) {
  const worlds = useQuery(worldGroupQueries.sameGroup(useQueryApi(), worldId));
  return (
    <section className="same-group-worlds" aria-labelledby="same-group-heading">
      <h2 id="same-group-heading">同じグループのワールド</h2>
      <ListState
        query={worlds}
        what="同じグループのワールド"
        empty={
          <>
            同じグループのワールドはありません。
            <Link to="/mypage/worlds#world-groups">ワールドグループを編集</Link>
          </>
        }
      >
        {(data) => (
          <ul className="world-group-worlds-list" aria-label="同じグループのワールド">
            {data.items.map((world) => (
              <li key={world.id}>
                <Link to={`/mypage/worlds/${world.id}`}>{world.name}</Link>{' '}
                <span className="world-role">{roleLabels[world.role]}</span>
              </li>
            ))}
          </ul>
        )}
      </ListState>
    </section>
  );
}
