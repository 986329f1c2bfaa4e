import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { worldUrlForm, worldUrlLimits } from '../../../domain/forms/world-form';
import { request, useApi } from '../../hooks/use-api';
import { useQueryApi } from '../../hooks/use-api-query';
import { useForm } from '../../hooks/use-form';
import { FormErrorSummary } from '../form/error-summary';
import { TextField } from '../form/field';
import { Notice } from '../form/notice';
import { SubmitButton } from '../form/submit-button';
import { QueryState } from '../query-state';
import { operationErrors } from '../worlds/world-format';
import {
  invalidateWorldUrls,
  worldUrlMutations,
  worldUrlQueries,
} from '../../../services/api/world-urls-queries';

const labels = { slug: 'URL名' };

/** The short address of a URL name, on the origin the server builds the world's URLs on. */
const shortUrlOf = (worldUrl: string, slug: string) => `${new URL(worldUrl).origin}/w/${slug}`;

/**
 * ワールドのURL in the world's settings (owner; docs/product.md, "World URL"): the world's
 * addresses and a URL name that makes /w/{name} lead to it. A name another world has is refused
 * beside the field; the old name stops working when it changes.
 */
export function WorldUrlSection({ worldId }: { worldId: string }) {
  const urls = useQuery(worldUrlQueries.show(useQueryApi(), worldId));
  return (
    <section className="form-section" aria-labelledby="world-url-heading">
      <h2 id="world-url-heading">ワールドのURL</h2>
      <QueryState query={urls} what="ワールドのURL">
        {(data) => (
          <>
            <dl className="definition-list">
              <dt>ワールドのURL</dt>
              <dd>{data.worldUrl}</dd>
              {data.slug && (
                <>
                  <dt>短いURL</dt>
                  <dd>
                    <a href={shortUrlOf(data.worldUrl, data.slug)}>
                      {shortUrlOf(data.worldUrl, data.slug)}
                    </a>
                  </dd>
                </>
              )}
            </dl>
            <SlugForm worldId={worldId} slug={data.slug} />
          </>
        )}
      </QueryState>
    </section>
  );
}

function SlugForm({ worldId, slug }: { worldId: string; slug: string | null }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const form = useForm(worldUrlForm, { slug: slug ?? '' });
  const [saved, setSaved] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async (body) => {
    setSaved(null);
    const outcome = await request(() => worldUrlMutations.update(api, worldId, body));
    // The server's 409 is about the name: shown beside the field.
    if (!outcome.ok)
      return {
        errors: operationErrors(outcome).map((m) =>
          outcome.status === 409 && !m.startsWith('slug: ') ? `slug: ${m}` : m,
        ),
      };
    setSaved(body.slug === null ? 'URL名を削除しました。' : 'URL名を保存しました。');
    await invalidateWorldUrls(queryClient, worldId);
  });

  return (
    <form className="form" noValidate onSubmit={onSubmit} aria-label="URL名の設定">
      <FormErrorSummary form={form} labels={labels} title="URL名を保存できませんでした。" />
      {saved && (
        <Notice>
          <p>{saved}</p>
        </Notice>
      )}
      <TextField
        {...form.field('slug')}
        label={labels.slug}
        required={false}
        autoComplete="off"
        hint={`半角の英小文字・数字・ハイフンで${worldUrlLimits.min}〜${worldUrlLimits.max}文字。空にすると短いURLを使わなくなります。変更すると前の短いURLは使えなくなります（ワールドのURLはそのまま使えます）。`}
      />
      <SubmitButton submitting={form.submitting} busyLabel="保存しています…">
        URL名を保存
      </SubmitButton>
    </form>
  );
}
