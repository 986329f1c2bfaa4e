import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import type { ActorRefFrom } from 'xstate';
import type { meetingMachine } from '../../../machines/meeting.machine';
import {
  canOfferRetry,
  selectMessage,
  type MeetingOutcome as Outcome,
} from '../../../machines/meeting.selectors';
import { useSession } from '../../hooks/use-session';

export type MeetingActor = ActorRefFrom<typeof meetingMachine>;

const titles: Record<Outcome, string> = {
  left: '会議から退出しました',
  ended: '会議は終了しました',
  kicked: '会議から退出させられました',
  joinedElsewhere: '別のタブまたは端末で参加しました',
  full: '会議に参加できません',
  failed: '会議に接続できませんでした',
};

const fixedTexts: Partial<Record<Outcome, string>> = {
  kicked:
    '主催者またはスタッフの操作により、ワールドから退出しました。主催者またはスタッフが再入場を許可するまで、このワールドには入場できません。',
  ended: '主催者が会議を終了しました。',
  joinedElsewhere:
    '同じアカウントで別のタブまたは端末からこの会議に参加したため、こちらの接続を終了しました。',
};

/** The screen after the meeting stopped: why, and what can be done next. */
export function MeetingOutcome({
  outcome,
  meeting,
  worldId,
}: {
  outcome: Outcome;
  meeting: MeetingActor;
  worldId: string;
}) {
  const message = useSelector(meeting, selectMessage);
  const canRetry = useSelector(meeting, canOfferRetry);
  const isGuest = useSession().isGuest;
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [outcome]);
  const text = fixedTexts[outcome] ?? message;
  return (
    <div className="meeting-outcome" role={outcome === 'left' ? 'status' : 'alert'}>
      <h2 ref={heading} tabIndex={-1}>
        {titles[outcome]}
      </h2>
      {text && <p>{text}</p>}
      <div className="button-row">
        {canRetry && (
          <button
            type="button"
            className="button button-primary"
            onClick={() => meeting.send({ type: 'meeting.retry' })}
          >
            {outcome === 'joinedElsewhere' ? 'こちらで参加する' : 'もう一度参加する'}
          </button>
        )}
        {(outcome === 'left' || outcome === 'ended') && (
          <Link className="button" to={`/worlds/${worldId}/gate`}>
            入口に戻る
          </Link>
        )}
        {/* A guest has no world list (it would send them to sign in): the top page instead. */}
        {isGuest ? (
          <Link className="button" to="/">
            トップページへ
          </Link>
        ) : (
          <Link className="button" to="/mypage/worlds">
            ワールド一覧へ
          </Link>
        )}
      </div>
    </div>
  );
}
