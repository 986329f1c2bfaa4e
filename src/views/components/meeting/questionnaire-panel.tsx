import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  invalidateMyAnswers,
  questionnaireQueries,
} from '../../../services/api/questionnaires-queries';
import { useQueryApi } from '../../hooks/use-api-query';
import { ListState, QueryState } from '../query-state';
import { QuestionnaireAnswerForm } from './questionnaire-answer-form';

/**
 * The world's open questionnaires for everyone inside: publishing promises that the world's
 * attendees can answer. Each is answered once (the server keeps who answered, even for an
 * anonymous one); an answered one says 回答済み. Results and the CSV stay on mypage for owner and staff.
 */
export function QuestionnairePanel({
  worldId,
  onAnswered,
}: {
  worldId: string;
  /** A questionnaire was answered here (recorded for the insights). */
  onAnswered: () => void;
}) {
  const queryApi = useQueryApi();
  const queryClient = useQueryClient();
  const open = useQuery(questionnaireQueries.open(queryApi, worldId));
  const mine = useQuery(questionnaireQueries.myAnswers(queryApi, worldId));
  const [answering, setAnswering] = useState<string | null>(null);
  const [answeredNow, setAnsweredNow] = useState<string | null>(null);

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
                      <QuestionnaireAnswerForm
                        worldId={worldId}
                        questionnaire={q}
                        onAnswered={() => {
                          setAnswering(null);
                          setAnsweredNow(q.title);
                          onAnswered();
                          void invalidateMyAnswers(queryClient, worldId);
                        }}
                      />
                    ) : (
                      <button type="button" className="button" onClick={() => setAnswering(q.id)}>
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
