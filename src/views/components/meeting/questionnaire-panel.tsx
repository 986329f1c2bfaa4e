import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import {
  selectAnsweredTitle,
  selectOpenQuestionnaireId,
} from '../../../machines/questionnaire-answer.selectors';
import { questionnaireQueries } from '../../../services/api/questionnaires-queries';
import { useQueryApi } from '../../hooks/use-api-query';
import { ListState, QueryState } from '../query-state';
import { questionnaireAnswerActor } from './questionnaire-answer-actor';
import { QuestionnaireAnswerForm } from './questionnaire-answer-form';
import type { WorldActors } from './world-actors';

/**
 * The world's open questionnaires for everyone inside: publishing promises that the world's
 * attendees can answer. Each is answered once (the server keeps who answered, even for an
 * anonymous one); an answered one says 回答済み. Results and the CSV stay on mypage for owner and staff.
 * Answering is the questionnaire answer machine's (ADR 043).
 */
export function QuestionnairePanel({ world }: { world: WorldActors }) {
  const queryApi = useQueryApi();
  const open = useQuery(questionnaireQueries.open(queryApi, world.worldId));
  const mine = useQuery(questionnaireQueries.myAnswers(queryApi, world.worldId));
  const useQuestionnaireAnswer = questionnaireAnswerActor.useProvided();
  const answer = useQuestionnaireAnswer(world);
  const answering = useSelector(answer, selectOpenQuestionnaireId);
  const answeredNow = useSelector(answer, selectAnsweredTitle);

  const body = (
    <ListState query={open} what="アンケート" empty="回答できるアンケートはありません。">
      {(questionnaires) => (
        <QueryState query={mine} what="アンケートの回答状況">
          {(answers) => {
            const answered = new Set(answers.items.map((a) => a.questionnaireId));
            return (
              <ul className="questionnaire-panel-list" aria-label="回答できるアンケート">
                {questionnaires.items.map((q) => (
                  <li key={q.id}>
                    <h3>{q.title}</h3>
                    {answered.has(q.id) ? (
                      <p className="questionnaire-done">回答済み</p>
                    ) : answering === q.id ? (
                      <QuestionnaireAnswerForm answer={answer} questionnaire={q} />
                    ) : (
                      <button
                        type="button"
                        className="button"
                        onClick={() =>
                          answer.send({ type: 'questionnaireAnswer.opened', questionnaire: q })
                        }
                      >
                        回答する
                      </button>
                    )}
                  </li>
                ))}
              </ul>
            );
          }}
        </QueryState>
      )}
    </ListState>
  );

  return (
    <section className="questionnaire-panel" aria-labelledby="questionnaire-panel-title">
      <h2 id="questionnaire-panel-title">アンケート</h2>
      <p role="status" className="questionnaire-thanks">
        {answeredNow &&
          `アンケート「${answeredNow}」に回答しました。ご協力ありがとうございました。`}
      </p>
      {body}
    </section>
  );
}
