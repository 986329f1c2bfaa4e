import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { BatchKick } from './attendee-batch-kick';
import { chosenOf } from './attendee-choice';

const ichiro = { userId: 'u1', name: 'ゲスト一郎' };
const jiro = { userId: 'u2', name: 'ゲスト二郎' };
const saburo = { userId: 'u3', name: 'ゲスト三郎' };

describe('removing chosen attendees together', () => {
  it('takes the chosen who are still listed, in the list’s order', () => {
    // u9 was ticked, then left the meeting: not removed, not counted.
    expect(chosenOf([ichiro, jiro, saburo], new Set(['u3', 'u9', 'u1']))).toEqual([ichiro, saburo]);
    expect(chosenOf([ichiro], new Set())).toEqual([]);
  });

  it('offers nothing to remove until someone is chosen, then says how many', () => {
    const none = renderToStaticMarkup(
      <BatchKick chosen={[]} busy={false} onKick={async () => {}} />,
    );
    expect(none).toMatch(/<button[^>]*disabled=""[^>]*>選んだ人を退出させる…<\/button>/);
    const two = renderToStaticMarkup(
      <BatchKick chosen={[ichiro, jiro]} busy={false} onKick={async () => {}} />,
    );
    expect(two).toMatch(/<button type="button" class="button">選んだ2人を退出させる…<\/button>/);
    expect(two).toContain('2人を会議から退出させますか？');
  });
});
