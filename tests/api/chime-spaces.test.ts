// A meeting per space on Chime (issue 14, ADR 015): the server's wiring with the real Chime SDK
// client, whose AWS calls are answered by aws-sdk-client-mock (Chime cannot run here).
import {
  ChimeSDKMeetingsClient,
  CreateAttendeeCommand,
  CreateMeetingCommand,
  DeleteAttendeeCommand,
  DeleteMeetingCommand,
} from '@aws-sdk/client-chime-sdk-meetings';
import { randomUUID } from 'node:crypto';
import { mockClient } from 'aws-sdk-client-mock';
import { describe, expect, it } from 'vitest';
import { useTestServer } from './support/app';
import { testDbKind } from './support/database';
import type { AuthHeaders } from './support/session';
import { worldPeople } from './support/world-members';

const chime = mockClient(ChimeSDKMeetingsClient);
let attendees = 0;
/** Chime's meeting id of each space's meeting, by ExternalMeetingId. */
const chimeIds = new Map<string, string>();
chime.on(CreateMeetingCommand).callsFake(async (input: { ExternalMeetingId: string }) => ({
  Meeting: {
    MeetingId: chimeIds.set(input.ExternalMeetingId, randomUUID()).get(input.ExternalMeetingId),
    ExternalMeetingId: input.ExternalMeetingId,
    MediaRegion: 'ap-northeast-1',
    MediaPlacement: { AudioHostUrl: 'https://audio.example' },
  },
}));
chime.on(CreateAttendeeCommand).callsFake(async (input: { ExternalUserId: string }) => ({
  Attendee: {
    AttendeeId: `attendee-${++attendees}`,
    ExternalUserId: input.ExternalUserId,
    JoinToken: 'token',
  },
}));
chime.on(DeleteAttendeeCommand).resolves({ $metadata: {} });
chime.on(DeleteMeetingCommand).resolves({ $metadata: {} });

const t = useTestServer({ env: { AWS_REGION: 'ap-northeast-1', MEETING_PROVIDER: 'chime' } });
const people = worldPeople(t);

const join = (headers: AuthHeaders, worldId: string, spaceId: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/worlds/${worldId}/chime_meetings`,
    headers,
    payload: { spaceId },
  });

describe(`a Chime meeting per space on ${testDbKind}`, () => {
  it('gives two tables of one world two Chime meetings, and moves an attendee from one to the other', async () => {
    const { owner, world, members } = await people.world(['user']);
    const layout = await t.app.inject({
      method: 'PATCH',
      url: `/api/mypage/layouts/${world.id}`,
      headers: owner.headers,
      payload: {
        version: 0,
        name: '会場',
        baseSpaceId: null,
        backgroundColor: '#FFFFFF',
        backgroundImageUrl: null,
        spaces: [
          { name: 'ホール', kind: 'hall', x: 0, y: 0, width: 600, height: 800, capacity: 100 },
          { name: 'A', kind: 'table', x: 600, y: 0, width: 200, height: 200, capacity: 4 },
          { name: 'B', kind: 'table', x: 800, y: 0, width: 200, height: 200, capacity: 4 },
        ],
      },
    });
    expect(layout.statusCode, layout.body).toBe(200);
    const [, tableA, tableB] = (layout.json().spaces as { id: string }[]).map((s) => s.id);
    const user = members[0]!;

    const atA = await join(user.headers, world.id, tableA!);
    const atB = await join(owner.headers, world.id, tableB!);
    expect([atA.statusCode, atB.statusCode], atA.body).toEqual([201, 201]);
    // Each table its own Chime meeting, named by its space.
    const created = chime.commandCalls(CreateMeetingCommand).map((c) => c.args[0].input);
    expect(created.map((c) => c.ExternalMeetingId)).toEqual([tableA, tableB]);
    expect(atA.json().meeting).toMatchObject({
      MeetingId: chimeIds.get(tableA!),
      ExternalMeetingId: tableA,
    });
    expect(atB.json().meeting).toMatchObject({
      MeetingId: chimeIds.get(tableB!),
      ExternalMeetingId: tableB,
    });
    const attendeeAtA = atA.json().attendee.AttendeeId as string;

    // The user moves to B: their attendee leaves A's meeting, and B's meeting (not a new one)
    // gets an attendee for them.
    const moved = await join(user.headers, world.id, tableB!);
    expect(moved.statusCode, moved.body).toBe(201);
    expect(moved.json().meeting.MeetingId).toBe(chimeIds.get(tableB!));
    expect(chime.commandCalls(CreateMeetingCommand)).toHaveLength(2);
    expect(chime.commandCalls(DeleteAttendeeCommand).map((c) => c.args[0].input)).toEqual([
      { MeetingId: chimeIds.get(tableA!), AttendeeId: attendeeAtA },
    ]);
    expect(chime.commandCalls(CreateAttendeeCommand).map((c) => c.args[0].input)).toEqual([
      { MeetingId: chimeIds.get(tableA!), ExternalUserId: user.id },
      { MeetingId: chimeIds.get(tableB!), ExternalUserId: owner.id },
      { MeetingId: chimeIds.get(tableB!), ExternalUserId: user.id },
    ]);
    // Nobody is left at A: its Chime meeting ends; B's goes on.
    expect(chime.commandCalls(DeleteMeetingCommand).map((c) => c.args[0].input)).toEqual([
      { MeetingId: chimeIds.get(tableA!) },
    ]);
  });
});
