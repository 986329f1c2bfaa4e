import { describe, expect, it } from 'vitest';
import { recordingMessages } from '../../server/meetings/recordings';
import { useTestServer } from './support/app';
import { testDbKind } from './support/database';
import { worldPeople } from './support/world-members';

// Every space on the browser-to-browser mesh, whose media never reaches the server (ADR 025); the
// embedded default puts spaces of up to 3 seats there too (ADR 023).
const t = useTestServer({ env: { MEETING_PROVIDER: 'local' } });
const people = worldPeople(t);

describe(`recordings of a mesh meeting on ${testDbKind}`, () => {
  // Its first world signs people up on a cold PGlite: slow on a loaded machine.
  it('are refused with the reason, and nothing is kept', { timeout: 60_000 }, async () => {
    const { owner, world, mainSpace } = await people.world([]);
    const joined = await t.app.inject({
      method: 'POST',
      url: `/api/worlds/${world.id}/chime_meetings`,
      headers: owner.headers,
      payload: { spaceId: mainSpace },
    });
    expect(joined.json()).toMatchObject({ provider: 'local', recording: false });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/worlds/${world.id}/chime_meeting_recordings`,
      headers: owner.headers,
      payload: { meetingId: (joined.json() as { id: string }).id },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ errors: [recordingMessages.notRecordable] });
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/worlds/${world.id}/chime_meeting_recordings`,
      headers: owner.headers,
    });
    expect(list.json()).toMatchObject({ total: 0, items: [] });
  });
});
