import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import {
  questionChanges,
  questionnaireStatusLabels,
  type QuestionBody,
} from '../../domain/forms/questionnaire-forms';
import { DangerZone } from '../components/confirm-action';
import { ChangeNotice } from '../components/form/notice';
import { QueryState } from '../components/query-state';
import { QuestionEditor } from '../components/questionnaires/question-editor';
import { QuestionList } from '../components/questionnaires/question-list';
import { QuestionnaireSettingsForm } from '../components/questionnaires/questionnaire-settings-form';
import { QuestionnaireStatus } from '../components/questionnaires/questionnaire-status';
import type { Question, Questionnaire } from '../components/questionnaires/questionnaire-types';
import { MyWorldScope } from '../components/worlds/my-world-scope';
import {
  flashOf,
  operationErrors,
  type FlashState,
  type World,
} from '../components/worlds/world-format';
import { request, useApi } from '../hooks/use-api';
import { useQueryApi } from '../hooks/use-api-query';
import {
  invalidateQuestionnaires,
  myQuestionnaireMutations,
  myQuestionnaireQueries,
} from '../../services/api/my-questionnaires-queries';
import '../components/questionnaires/questionnaires.css';
import '../components/worlds/worlds.css';

/** /mypage/worlds/:id/questionnaires/:questionnaireId: the questionnaire builder. */
export function QuestionnairePage() {
  const { id = '', questionnaireId = '' } = useParams();
  // Asked for beside the world, not after it (MyWorldScope).
  const options = myQuestionnaireQueries.show(useQueryApi(), id, questionnaireId);
  const query = useQuery(options);
  const queryClient = useQueryClient();
  // A change answers with the whole questionnaire: shown as it is; the list's counts go stale.
  const replace = (data: Questionnaire) => {
    queryClient.setQueryData(options.queryKey, data);
    void invalidateQuestionnaires(queryClient, id);
  };
  return (
    <MyWorldScope worldId={id} heading="アンケートの編集">
      {(world) => (
        <QueryState
          query={query}
          what="アンケート"
          back={{ to: `/mypage/worlds/${id}/questionnaires`, label: 'アンケート一覧に戻る' }}
        >
          {(questionnaire) => (
            <Builder world={world} questionnaire={questionnaire} replace={replace} />
          )}
        </QueryState>
      )}
    </MyWorldScope>
  );
}

function Builder({
  world,
  questionnaire,
  replace,
}: {
  world: World;
  questionnaire: Questionnaire;
  replace: (data: Questionnaire) => void;
}) {
  const api = useApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const flash = flashOf(useLocation().state);
  const [done, setDone] = useState('');
  const listUrl = `/mypage/worlds/${world.id}/questionnaires`;

  const withQuestions = (questions: Question[]) => replace({ ...questionnaire, questions });
  const locked = questionnaire.answerCount > 0;

  const update = async (
    body: Partial<Pick<Questionnaire, 'title' | 'description' | 'status' | 'anonymous'>>,
  ) => {
    const outcome = await request(() =>
      myQuestionnaireMutations.update(api, world.id, questionnaire.id, body),
    );
    if (!outcome.ok) return operationErrors(outcome);
    replace(outcome.data);
    setDone(
      body.status
        ? `状態を「${questionnaireStatusLabels[body.status]}」にしました。`
        : 'アンケートの設定を保存しました。',
    );
  };

  const addQuestion = async (body: QuestionBody) => {
    const outcome = await request(() =>
      myQuestionnaireMutations.addQuestion(api, world.id, questionnaire.id, body),
    );
    if (!outcome.ok) return { errors: operationErrors(outcome) };
    withQuestions([...questionnaire.questions, outcome.data]);
    setDone(`質問「${outcome.data.title}」を追加しました。`);
  };

  const updateQuestion = async (question: Question, body: QuestionBody) => {
    const outcome = await request(() =>
      myQuestionnaireMutations.updateQuestion(
        api,
        world.id,
        questionnaire.id,
        question.id,
        questionChanges(question, body),
      ),
    );
    if (!outcome.ok) return { errors: operationErrors(outcome) };
    withQuestions(questionnaire.questions.map((q) => (q.id === question.id ? outcome.data : q)));
    setDone(`質問「${outcome.data.title}」を保存しました。`);
  };

  const deleteQuestion = async (question: Question) => {
    const outcome = await request(() =>
      myQuestionnaireMutations.removeQuestion(api, world.id, questionnaire.id, question.id),
    );
    if (!outcome.ok) return operationErrors(outcome);
    withQuestions(questionnaire.questions.filter((q) => q.id !== question.id));
    setDone(`質問「${question.title}」を削除しました。`);
  };

  const moveQuestion = async (question: Question, by: -1 | 1) => {
    const ids = questionnaire.questions.map((q) => q.id);
    const from = ids.indexOf(question.id);
    const to = from + by;
    if (from < 0 || to < 0 || to >= ids.length) return;
    [ids[from], ids[to]] = [ids[to]!, ids[from]!];
    const outcome = await request(() =>
      myQuestionnaireMutations.orderQuestions(api, world.id, questionnaire.id, ids),
    );
    if (!outcome.ok) return operationErrors(outcome);
    replace(outcome.data);
  };

  const remove = async () => {
    const outcome = await request(() =>
      myQuestionnaireMutations.remove(api, world.id, questionnaire.id),
    );
    if (!outcome.ok) return operationErrors(outcome);
    void invalidateQuestionnaires(queryClient, world.id);
    const next: FlashState = { flash: `アンケート「${questionnaire.title}」を削除しました。` };
    await navigate(listUrl, { state: next, replace: true });
  };

  return (
    <>
      <ChangeNotice flash={flash} done={done} />
      <QuestionnaireStatus
        questionnaire={questionnaire}
        onChange={(status) => update({ status })}
      />
      <section aria-labelledby="questionnaire-settings">
        <h2 id="questionnaire-settings">アンケートの設定</h2>
        <QuestionnaireSettingsForm
          key={questionnaire.updatedAt}
          initial={{
            title: questionnaire.title,
            description: questionnaire.description,
            anonymous: questionnaire.anonymous,
          }}
          anonymousLocked={locked}
          submitLabel="設定を保存する"
          failureTitle="アンケートを保存できませんでした。"
          ariaLabel="アンケートの設定"
          onSubmit={async (body) => {
            const errors = await update(body);
            return errors ? { errors } : undefined;
          }}
        />
      </section>
      <section aria-labelledby="questionnaire-questions">
        <h2 id="questionnaire-questions">質問</h2>
        {locked && (
          <p className="notice notice-info">
            回答が集まっているため、質問の追加と削除はできません。
          </p>
        )}
        <QuestionList
          questions={questionnaire.questions}
          locked={locked}
          onMove={moveQuestion}
          onUpdate={updateQuestion}
          onDelete={deleteQuestion}
        />
        {!locked && (
          <>
            <h3>質問を追加</h3>
            <QuestionEditor onSubmit={addQuestion} />
          </>
        )}
      </section>
      <DangerZone
        id="questionnaire-delete"
        heading="アンケートの削除"
        note="アンケートを削除すると、集まった回答もすべて削除され、元に戻せません。"
        triggerLabel="アンケートを削除"
        question={`「${questionnaire.title}」と回答${questionnaire.answerCount}件を削除しますか？`}
        confirmLabel="削除する"
        busyLabel="削除しています…"
        failureTitle="アンケートを削除できませんでした。"
        onConfirm={remove}
      />
      <p>
        <Link to={listUrl}>アンケート一覧に戻る</Link>
      </p>
    </>
  );
}
