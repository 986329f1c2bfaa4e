import type { ReactNode } from 'react';
import { formatTime, type TimeZoneName } from '../../../domain/time-zone';
import { isUserActionType, USER_ACTION_LABELS } from '../../../domain/user-actions';
import type { ActionAggregate, WorldInsights } from '../../../services/api/insights-queries';
import { AttendanceChart } from './attendance-chart';

/** A bar drawn beside a figure, a share of the largest; the figure itself is the cell's text. */
function Bar({ value, max }: { value: number; max: number }) {
  const share = max > 0 ? (value / max) * 100 : 0;
  return (
    <span className="insights-bar" aria-hidden="true">
      <span style={{ width: `${share}%` }} />
    </span>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="insights-section">
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

export function AttendanceSection({ data, zone }: { data: WorldInsights; zone: TimeZoneName }) {
  const rows = data.attendance.filter((p) => p.people > 0 || p.watchers > 0);
  return (
    <Section id="insights-attendance" title="参加者数の推移">
      <AttendanceChart points={data.attendance} />
      <details className="insights-table">
        <summary>表で見る（{data.stepMinutes}分ごと）</summary>
        <table>
          <caption>参加者数の推移（{data.stepMinutes}分ごと、誰かがいた時間帯のみ）</caption>
          <thead>
            <tr>
              <th scope="col">時刻</th>
              <th scope="col">参加者</th>
              <th scope="col">ステージ視聴</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((p) => (
              <tr key={p.at}>
                <th scope="row">{formatTime(p.at, zone)}</th>
                <td>{p.people}人</td>
                <td>{p.watchers}人</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </Section>
  );
}

const stayLabel = (min: number, max: number | null) =>
  max === null ? `${min >= 60 ? `${min / 60}時間` : `${min}分`}以上` : `${min}〜${max}分`;

export function StaySection({ data }: { data: WorldInsights }) {
  const max = Math.max(...data.stays.map((s) => s.visits));
  return (
    <Section id="insights-stays" title="滞在時間">
      <table className="insights-bars">
        <caption>滞在時間ごとの入室回数</caption>
        <thead>
          <tr>
            <th scope="col">滞在時間</th>
            <th scope="col">入室回数</th>
          </tr>
        </thead>
        <tbody>
          {data.stays.map((s) => (
            <tr key={s.minMinutes}>
              <th scope="row">{stayLabel(s.minMinutes, s.maxMinutes)}</th>
              <td>
                {s.visits}回 <Bar value={s.visits} max={max} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Section>
  );
}

export function SpaceSection({ data }: { data: WorldInsights }) {
  const max = Math.max(...data.spaces.map((s) => s.minutes));
  return (
    <Section id="insights-spaces" title="スペースごとの利用">
      <table className="insights-bars">
        <caption>スペースごとの人数・延べ滞在時間・最大同時人数</caption>
        <thead>
          <tr>
            <th scope="col">スペース</th>
            <th scope="col">人数</th>
            <th scope="col">視聴</th>
            <th scope="col">延べ滞在</th>
            <th scope="col">最大同時</th>
          </tr>
        </thead>
        <tbody>
          {data.spaces.map((s) => (
            <tr key={s.spaceId}>
              <th scope="row">{s.name}</th>
              <td>{s.people}人</td>
              <td>{s.watchers}人</td>
              <td>
                {s.minutes}分 <Bar value={s.minutes} max={max} />
              </td>
              <td>{s.peak}人</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Section>
  );
}

export function ActionSection({ actions }: { actions: ActionAggregate }) {
  const rows = actions.items
    .filter((i) => isUserActionType(i.actionType))
    .map((i) => ({
      ...i,
      label: USER_ACTION_LABELS[i.actionType as keyof typeof USER_ACTION_LABELS],
    }));
  const max = Math.max(0, ...rows.map((r) => r.count));
  return (
    <Section id="insights-actions" title="操作の回数">
      {rows.length === 0 ? (
        <p className="list-empty">この日の操作の記録はありません。</p>
      ) : (
        <table className="insights-bars">
          <caption>操作ごとの回数と人数（ブラウザからの記録）</caption>
          <thead>
            <tr>
              <th scope="col">操作</th>
              <th scope="col">回数</th>
              <th scope="col">人数</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={`${r.bucketStart}-${r.actionType}`}>
                <th scope="row">{r.label}</th>
                <td>
                  {r.count}回 <Bar value={r.count} max={max} />
                </td>
                <td>{r.uniqueUsers}人</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Section>
  );
}
