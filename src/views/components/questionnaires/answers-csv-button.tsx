import { useAction } from '../../hooks/use-action';
import { request, useApi } from '../../hooks/use-api';
import { fileNameOf, saveBlob } from '../download';
import { ErrorSummary } from '../form/error-summary';
import type { Questionnaire } from './questionnaire-types';
import { downloadAnswersCsv } from '../../../services/api/my-questionnaires-queries';

/**
 * Downloads the answers as CSV through the API client (it carries the session headers) and
 * saves the response's bytes untouched: the server's UTF-8 BOM keeps Excel reading Japanese.
 */
export function AnswersCsvButton({ questionnaire }: { questionnaire: Questionnaire }) {
  const api = useApi();
  const { busy, errors, failures, run } = useAction();

  const download = async () => {
    let disposition: string | null = null;
    const outcome = await request(async () => {
      const result = await downloadAnswersCsv(api, questionnaire.worldId, questionnaire.id);
      disposition = result.response.headers.get('content-disposition');
      return result;
    });
    if (!outcome.ok) return outcome.errors;
    saveBlob(outcome.data, fileNameOf(disposition) ?? `${questionnaire.title}_回答.csv`);
  };

  return (
    <div>
      <ErrorSummary
        messages={errors}
        focusKey={failures}
        title="回答をダウンロードできませんでした。"
      />
      <button
        type="button"
        className="button"
        disabled={busy}
        aria-busy={busy || undefined}
        onClick={() => void run(download)}
      >
        {busy ? 'ダウンロードしています…' : '回答をCSVでダウンロード'}
      </button>
    </div>
  );
}
