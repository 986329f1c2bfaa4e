import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { formatTime, type TimeZoneName } from '../../domain/time-zone';
import {
  downloadActionsCsv,
  insightQueries,
  type Range,
  type WorldInsights,
} from '../../services/api/insights-queries';
import { fileNameOf, saveBlob } from '../components/download';
import { ErrorSummary } from '../components/form/error-summary';
import {
  ActionSection,
  AttendanceSection,
  SpaceSection,
  StaySection,
} from '../components/insights/insight-tables';
import { RangePicker, useRangeChoice } from '../components/insights/range-picker';
import { QueryState } from '../components/query-state';
import { MyWorldScope } from '../components/worlds/my-world-scope';
import type { World } from '../components/worlds/world-format';
import { useAction } from '../hooks/use-action';
import { request, useApi } from '../hooks/use-api';
import { useQueryApi } from '../hooks/use-api-query';
import '../components/insights/insights.css';

/** /mypage/worlds/:id/insights: who came on a day, when, where and for how long (issue 28). */
export function WorldInsightsPage() {
  const { id = '' } = useParams();
  return (
    <MyWorldScope worldId={id} heading="インサイト">
      {(world) => <Insights world={world} />}
    </MyWorldScope>
  );
}

function Insights({ world }: { world: World }) {
  const zone = world.timeZone as TimeZoneName;
  const picked = useRangeChoice(world.id, zone);
  const { day, range } = picked.choice;
  const queryApi = useQueryApi();
  const attendance = useQuery(insightQueries.attendance(queryApi, world.id, range));
  const actions = useQuery(insightQueries.actions(queryApi, world.id, range));

  return (
    <>
      <div className="insights-controls">
        <RangePicker state={picked} zone={zone} />
        <CsvButton worldId={world.id} day={day} range={range} />
      </div>
      <QueryState query={attendance} what="参加の記録">
        {(data) =>
          data.people === 0 ? (
            <p className="list-empty">この日の参加記録はありません。</p>
          ) : (
            <>
              <Summary data={data} zone={zone} />
              <AttendanceSection data={data} zone={zone} />
              <StaySection data={data} />
              <SpaceSection data={data} />
            </>
          )
        }
      </QueryState>
      <QueryState query={actions} what="操作の記録">
        {(data) => <ActionSection actions={data} />}
      </QueryState>
    </>
  );
}

function Summary({ data, zone }: { data: WorldInsights; zone: TimeZoneName }) {
  const difference = data.browserPeople - data.people;
  return (
    <>
      <dl className="insights-summary" aria-label="この日の概要">
        <div>
          <dt>人数</dt>
          <dd>{data.people}人</dd>
        </div>
        <div>
          <dt>入室回数</dt>
          <dd>{data.entries}回</dd>
        </div>
        <div>
          <dt>最大同時接続</dt>
          <dd>
            {data.peak}人{data.peakAt && <small>（{formatTime(data.peakAt, zone)}）</small>}
          </dd>
        </div>
      </dl>
      <p className="insights-note">
        人数はサーバーの参加記録（ご請求と同じ記録）によります。
        {difference !== 0 &&
          ` ブラウザからの記録: ${data.browserPeople}人（差 ${difference > 0 ? '+' : ''}${difference}人）`}
      </p>
    </>
  );
}

/** The day's actions as CSV, saved with the server's bytes (its BOM keeps Excel reading Japanese). */
function CsvButton({ worldId, day, range }: { worldId: string; day: string; range: Range }) {
  const api = useApi();
  const { busy, errors, failures, run } = useAction();
  const download = async () => {
    let disposition: string | null = null;
    const outcome = await request(async () => {
      const result = await downloadActionsCsv(api, worldId, range);
      disposition = result.response.headers.get('content-disposition');
      return result;
    });
    if (!outcome.ok) return outcome.errors;
    saveBlob(outcome.data, fileNameOf(disposition) ?? `操作ログ_${day}.csv`);
  };
  return (
    <div>
      <ErrorSummary messages={errors} focusKey={failures} title="ダウンロードできませんでした。" />
      <button
        type="button"
        className="button"
        disabled={busy}
        aria-busy={busy}
        onClick={() => void run(download)}
      >
        操作ログをCSVでダウンロード
      </button>
    </div>
  );
}
