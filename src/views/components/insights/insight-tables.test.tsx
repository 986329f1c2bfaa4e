import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { WorldInsights } from '../../../services/api/insights-queries';
import { ActionSection, SpaceSection, StaySection } from './insight-tables';

const data = {
  stays: [
    { minMinutes: 0, maxMinutes: 5, visits: 1 },
    { minMinutes: 120, maxMinutes: null, visits: 2 },
  ],
  spaces: [
    {
      spaceId: 's1',
      name: 'テーブルA',
      kind: 'table',
      people: 2,
      watchers: 0,
      minutes: 65,
      peak: 2,
    },
  ],
} as unknown as WorldInsights;

describe('insight tables', () => {
  it('gives each chart its figures as a table with a caption and row headers', () => {
    const stays = renderToStaticMarkup(<StaySection data={data} />);
    expect(stays).toContain('<caption>滞在時間ごとの入室回数</caption>');
    expect(stays).toContain('<th scope="row">0〜5分</th>');
    expect(stays).toContain('<th scope="row">2時間以上</th>');
    const spaces = renderToStaticMarkup(<SpaceSection data={data} />);
    expect(spaces).toContain('<th scope="row">テーブルA</th><td>2人</td><td>0人</td><td>65分');
    // The bars are pictures of the figures beside them: hidden from screen readers.
    expect(spaces).toMatch(/<span class="insights-bar" aria-hidden="true">/);
  });

  it('names the recorded actions in Japanese, leaves out unknown kinds and says when there are none', () => {
    const actions = renderToStaticMarkup(
      <ActionSection
        actions={{
          from: '',
          to: '',
          interval: 'day',
          items: [
            { bucketStart: 'd', actionType: 'mic.off', count: 3, uniqueUsers: 2 },
            { bucketStart: 'd', actionType: 'speak', count: 9, uniqueUsers: 9 },
          ],
        }}
      />,
    );
    expect(actions).toContain('<th scope="row">マイクオフ</th><td>3回');
    expect(actions.match(/<th scope="row">/g)).toHaveLength(1);
    const none = renderToStaticMarkup(
      <ActionSection actions={{ from: '', to: '', interval: 'day', items: [] }} />,
    );
    expect(none).toContain('この日の操作の記録はありません。');
  });
});
