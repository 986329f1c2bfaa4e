import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { questionnaireStatusLabels } from '../../domain/forms/questionnaire-forms';
import { Notice } from '../components/form/notice';
import { QuestionnaireSettingsForm } from '../components/questionnaires/questionnaire-settings-form';
import { MyWorldScope } from '../components/worlds/my-world-scope';
import {
  flashOf,
  formatDate,
  operationErrors,
  type FlashState,
  type World,
} from '../components/worlds/world-format';
import { request, useApi } from '../hooks/use-api';
import { useQueryApi } from '../hooks/use-api-query';
import { QueryState, type QueryLike } from '../components/query-state';
import {
  invalidateQuestionnaires,
  myQuestionnaireMutations,
  myQuestionnaireQueries,
  type QuestionnaireList,
} from '../../services/api/my-questionnaires-queries';
import '../components/questionnaires/questionnaires.css';
import '../components/worlds/worlds.css';

/** /mypage/worlds/:id/questionnaires: the world's questionnaires, and creating one. */
export function QuestionnairesPage() {
  const { id = '' } = useParams();
  // Asked for beside the world, not after it (MyWorldScope).
  const questionnaires = useQuery(myQuestionnaireQueries.list(useQueryApi(), id));
  return (
    <MyWorldScope worldId={id} heading="アンケート">
      {(world) => <Questionnaires world={world} questionnaires={questionnaires} />}
    </MyWorldScope>
  );
}

function Questionnaires({
  world,
  questionnaires,
}: {
  world: World;
  questionnaires: QueryLike<QuestionnaireList>;
}) {
  const api = useApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const flash = flashOf(useLocation().state);

  return (
    <>
      {flash && (
        <Notice>
          <p>{flash}</p>
        </Notice>
      )}
      <section aria-labelledby="questionnaire-list">
        <h2 id="questionnaire-list">アンケート一覧</h2>
        <QueryState query={questionnaires} what="アンケート">
          {(data) =>
            data.items.length === 0 ? (
              <div className="notice notice-info">
                <p className="notice-title">まだアンケートがありません</p>
                <p>
                  下のフォームからアンケートを作成し、質問を追加して公開すると、参加者がワールドの中で回答できます。
                </p>
              </div>
            ) : (
              <ul className="content-list" aria-label="アンケート">
                {data.items.map((questionnaire) => (
                  <li key={questionnaire.id} className="content-item">
                    <Link
                      className="content-item-title"
                      to={`/mypage/worlds/${world.id}/questionnaires/${questionnaire.id}`}
                    >
                      {questionnaire.title}
                    </Link>
                    <p className="content-item-meta">
                      <span className={`status-badge status-badge-${questionnaire.status}`}>
                        {questionnaireStatusLabels[questionnaire.status]}
                      </span>
                      {questionnaire.anonymous && <span>匿名</span>}
                      <span>質問 {questionnaire.questions.length}件</span>
                      <span>回答 {questionnaire.answerCount}件</span>
                      <span>更新 {formatDate(questionnaire.updatedAt, world.timeZone)}</span>
                    </p>
                  </li>
                ))}
              </ul>
            )
          }
        </QueryState>
      </section>
      <section aria-labelledby="questionnaire-new">
        <h2 id="questionnaire-new">アンケートを作成</h2>
        <QuestionnaireSettingsForm
          submitLabel="作成して質問を追加する"
          failureTitle="アンケートを作成できませんでした。"
          ariaLabel="アンケートの作成"
          onSubmit={async (body) => {
            const outcome = await request(() =>
              // Created as a draft (the API's default), published once it has questions.
              myQuestionnaireMutations.create(api, world.id, body),
            );
            if (!outcome.ok) return { errors: operationErrors(outcome) };
            void invalidateQuestionnaires(queryClient, world.id);
            const next: FlashState = {
              flash: `アンケート「${outcome.data.title}」を作成しました。質問を追加してください。`,
            };
            await navigate(`/mypage/worlds/${world.id}/questionnaires/${outcome.data.id}`, {
              state: next,
            });
          }}
        />
      </section>
      <p>
        <Link to={`/mypage/worlds/${world.id}`}>ワールドに戻る</Link>
      </p>
    </>
  );
}
