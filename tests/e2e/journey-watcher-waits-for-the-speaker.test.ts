// Journey (ADR 026): while the owner streams the stage, the only speaker leaves it; the stream
// stays live and a watcher reads 「配信者がいません。まもなく再開します。」 (without the end time,
// which only owner and staff see) until a speaker is back on the stage. The end after the grace
// period is the API tests' (tests/api/live-streaming.test.ts).
import { describe, it } from 'vitest';
import { enterMeeting, guestByApi, openPanel } from './meeting-helpers';
import { meetingSuite, ownerStreamsTheStage } from './support/meeting-suite';

const suite = meetingSuite();
const WAITING = '配信者がいません。まもなく再開します。';

describe('a watcher waits for the speaker', () => {
  it('is told the stage is empty while nobody is on it, and no longer once a speaker is back', async () => {
    const { url, worldId, link, owner, panel, open } = await ownerStreamsTheStage(
      suite,
      'E2E 配信者待ち',
    );
    const watcher = await open(await guestByApi(url, link.token, 'ゲスト視聴'));
    await enterMeeting(watcher, url, worldId);
    await watcher.getByRole('button', { name: '視聴する' }).click({ timeout: 15_000 });
    await watcher.getByText('視聴中です。', { exact: false }).waitFor({ timeout: 20_000 });
    const watched = watcher.getByRole('region', { name: 'ライブ配信' });
    const notice = watched.getByRole('status').filter({ hasText: WAITING });
    await panel.getByText('視聴中 1人').waitFor({ timeout: 10_000 });
    await notice.waitFor({ state: 'detached' });

    // The owner, the stage's only speaker, goes to the hall: still live, the watcher still on.
    await owner.getByRole('button', { name: '「ホール」に移動' }).click();
    await owner.getByText('いまいる場所: ホール').waitFor({ timeout: 20_000 });
    await notice.waitFor({ timeout: 10_000 });
    await watched.getByText('配信中', { exact: true }).waitFor();
    await watched.getByText('視聴中です。', { exact: false }).waitFor();
    await watched.getByText('自動で終了します', { exact: false }).waitFor({ state: 'detached' });
    // The move drew the page anew: the stream's controls are in 管理 (ADR 040).
    await openPanel(owner, '管理');
    await panel.getByText('自動で終了します', { exact: false }).waitFor({ timeout: 10_000 });

    // Back on the stage: the notice goes, the stream and the watching go on.
    await owner.getByRole('button', { name: '「ステージ」に移動' }).click();
    await owner.getByText('いまいる場所: ステージ').waitFor({ timeout: 20_000 });
    await notice.waitFor({ state: 'detached', timeout: 10_000 });
    await watched.getByText('配信中', { exact: true }).waitFor();
    await watched.getByText('視聴中です。', { exact: false }).waitFor();
  }, 120_000);
});
