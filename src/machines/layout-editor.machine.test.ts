import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { LayoutDraft } from '../domain/layout-edit';
import {
  isDirty,
  layoutEditorMachine,
  type LayoutSaveError,
  type ServerLayout,
} from './layout-editor.machine';

const worldId = '00000000-0000-4000-8000-00000000000a';
const hall = {
  id: '00000000-0000-4000-8000-0000000000b1',
  name: 'ホール',
  kind: 'hall' as const,
  x: 0,
  y: 0,
  width: 600,
  height: 800,
  capacity: 100,
  occupancy: 0,
};
const layout = (version: number, spaces: ServerLayout['spaces'] = [hall]): ServerLayout => ({
  id: worldId,
  worldId,
  name: 'レイアウト',
  version,
  width: 1200,
  height: 800,
  baseSpaceId: null,
  backgroundColor: '#FFFFFF',
  backgroundImageUrl: null,
  spaces,
  updatedAt: null,
});

/** The machine over a fake server that keeps one layout and refuses stale versions like the real one. */
function start(server = { current: layout(3) }) {
  const saves: { version: number; draft: LayoutDraft }[] = [];
  const actor = createActor(
    layoutEditorMachine.provide({
      actors: {
        loadLayout: fromPromise(async () => server.current),
        saveLayout: fromPromise(async ({ input }) => {
          saves.push({ version: input.version, draft: input.draft });
          if (input.version !== server.current.version)
            throw {
              status: 409,
              messages: ['他の人が先にレイアウトを保存しました。'],
            } satisfies LayoutSaveError;
          server.current = layout(input.version + 1, [
            ...input.draft.spaces.map((s, i) => ({
              ...s,
              id: s.id ?? `00000000-0000-4000-8000-00000000000${i}`,
              occupancy: 0,
            })),
          ]);
          return server.current;
        }),
        applyPreset: fromPromise<
          ServerLayout,
          { worldId: string; version: number; presetId: string }
        >(async () => {
          throw {
            status: 404,
            messages: ['プリセットが見つかりません。'],
          } satisfies LayoutSaveError;
        }),
        createPreset: fromPromise<{ name: string }, { worldId: string; name: string }>(
          async ({ input }) => ({ name: input.name }),
        ),
      },
    }),
    { input: { worldId } },
  );
  actor.start();
  return { actor, saves, server, editing: () => waitFor(actor, (s) => s.matches('editing')) };
}

describe('layout editor machine', () => {
  it('undoes and redoes edits, and a new edit clears what could be redone', async () => {
    const { actor, editing } = start();
    await editing();
    actor.send({ type: 'editor.edit', edit: { kind: 'add', spaceKind: 'table' } });
    actor.send({ type: 'editor.edit', edit: { kind: 'add', spaceKind: 'table' } });
    expect(actor.getSnapshot().context.draft.spaces.map((s) => s.name)).toEqual([
      'ホール',
      'テーブル1',
      'テーブル2',
    ]);
    expect(isDirty(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'editor.undo' });
    actor.send({ type: 'editor.undo' });
    expect(isDirty(actor.getSnapshot())).toBe(false);
    expect(actor.getSnapshot().can({ type: 'editor.undo' })).toBe(false);
    actor.send({ type: 'editor.redo' });
    expect(actor.getSnapshot().context.draft.spaces).toHaveLength(2);
    actor.send({ type: 'editor.edit', edit: { kind: 'rename', key: hall.id, name: '広間' } });
    expect(actor.getSnapshot().can({ type: 'editor.redo' })).toBe(false);
  });

  it('saves on the version it loaded and goes on from the saved one', async () => {
    const { actor, saves, editing } = start();
    await editing();
    actor.send({ type: 'editor.edit', edit: { kind: 'add', spaceKind: 'stage' } });
    actor.send({ type: 'editor.save' });
    await editing();
    expect(saves.map((s) => s.version)).toEqual([3]);
    expect(actor.getSnapshot().context.saved!.version).toBe(4);
    expect(isDirty(actor.getSnapshot())).toBe(false);
  });

  it('does not offer to save a layout with overlapping spaces', async () => {
    const { actor, editing } = start();
    await editing();
    actor.send({ type: 'editor.edit', edit: { kind: 'add', spaceKind: 'table' } });
    actor.send({
      type: 'editor.edit',
      edit: { kind: 'resize', key: hall.id, x: 0, y: 0, width: 1200, height: 800 },
    });
    expect(actor.getSnapshot().can({ type: 'editor.save' })).toBe(false);
  });

  it('tells of a save someone else made first and reloads theirs, never overwriting', async () => {
    const server = { current: layout(3) };
    const { actor, saves, editing } = start(server);
    await editing();
    server.current = layout(4, [{ ...hall, name: '他の人のホール' }]);
    actor.send({ type: 'editor.edit', edit: { kind: 'add', spaceKind: 'table' } });
    actor.send({ type: 'editor.save' });
    await waitFor(actor, (s) => s.matches('conflict'));
    expect(actor.getSnapshot().context.messages).toEqual([
      '他の人が先にレイアウトを保存しました。',
    ]);
    expect(server.current.spaces[0]!.name).toBe('他の人のホール');
    actor.send({ type: 'editor.reload' });
    await editing();
    expect(actor.getSnapshot().context.draft.spaces.map((s) => s.name)).toEqual(['他の人のホール']);
    expect(actor.getSnapshot().context.past).toEqual([]);
    expect(saves).toHaveLength(1);
  });

  it('keeps the draft and shows the message when a preset is refused', async () => {
    const { actor, editing } = start();
    await editing();
    actor.send({ type: 'editor.edit', edit: { kind: 'add', spaceKind: 'table' } });
    actor.send({ type: 'editor.applyPreset', presetId: '00000000-0000-4000-8000-000000000000' });
    await editing();
    expect(actor.getSnapshot().context.messages).toEqual(['プリセットが見つかりません。']);
    expect(actor.getSnapshot().context.draft.spaces).toHaveLength(2);
  });

  it('selects what it adds, copies tables (not the hall) and pastes them as new ones', async () => {
    const { actor, editing } = start();
    await editing();
    actor.send({ type: 'editor.select', keys: [hall.id] });
    expect(actor.getSnapshot().can({ type: 'editor.copy' })).toBe(false);
    actor.send({ type: 'editor.edit', edit: { kind: 'add', spaceKind: 'table' } });
    expect(actor.getSnapshot().context.selection).toEqual(['new-1']);
    actor.send({ type: 'editor.select', keys: [hall.id, 'new-1'] });
    actor.send({ type: 'editor.copy' });
    expect(actor.getSnapshot().context.clipboard.map((s) => s.name)).toEqual(['テーブル1']);
    actor.send({ type: 'editor.paste' });
    const { draft, selection } = actor.getSnapshot().context;
    expect(draft.spaces.map((s) => s.name)).toEqual(['ホール', 'テーブル1', 'テーブル1のコピー']);
    expect(selection).toEqual(['new-2']);
    actor.send({ type: 'editor.edit', edit: { kind: 'remove', keys: ['new-2'] } });
    expect(actor.getSnapshot().context.selection).toEqual([]);
  });

  it('saves as a preset only what is saved, and says so', async () => {
    const { actor, editing } = start();
    await editing();
    actor.send({ type: 'editor.edit', edit: { kind: 'add', spaceKind: 'table' } });
    expect(actor.getSnapshot().can({ type: 'editor.savePreset', name: '私の' })).toBe(false);
    actor.send({ type: 'editor.undo' });
    actor.send({ type: 'editor.savePreset', name: '私の交流会' });
    await waitFor(actor, (s) => s.context.notice !== null);
    expect(actor.getSnapshot().context.notice).toBe('プリセット「私の交流会」として保存しました。');
  });
});
