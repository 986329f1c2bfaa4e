// Each named invalidation marks stale what its mutation changes (docs/decisions/013-data-layer.md):
// the queries of the named factories beside it, for that world only, at every page and search,
// and nothing else. A name pointing at another path would leave a page showing the old data.
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../memory-storage';
import { createAppStorage } from '../storage';
import { createApiClient } from './client';
import { eventQueries, invalidateEvent, invalidateEvents } from './events-queries';
import {
  guestQueries,
  invalidateBadges,
  invalidateGuestLinks,
  invalidateGuests,
  invalidateInstantEntrances,
  invalidateIntroduction,
} from './guests-queries';
import { layoutQueries } from './layouts-queries';
import {
  invalidateMeetingAttendees,
  invalidateVirtualBackgrounds,
  meetingQueries,
} from './meetings-queries';
import { reservedDateQueries } from './reserved-dates-queries';
import { invalidateWorldUrls, worldUrlQueries } from './world-urls-queries';
import {
  invalidateMemberInvitations,
  invalidateMembers,
  invalidateRemovedAttendees,
  invalidateStaffInvitations,
  memberQueries,
} from './members-queries';
import { createQueryApi, createQueryClient } from './queries';
import { invalidateMyAnswers, questionnaireQueries } from './questionnaires-queries';
import { invalidateQuestionnaires, myQuestionnaireQueries } from './my-questionnaires-queries';
import { invalidatePresets, myLayoutQueries } from './my-layouts-queries';
import { invalidateRecordings, recordingQueries } from './recordings-queries';
import {
  invalidateCalendarDates,
  invalidateMyWorld,
  invalidateMyWorlds,
  myWorldQueries,
} from './my-worlds-queries';

const q = createQueryApi(createApiClient({ storage: createAppStorage(createMemoryStorage()) }));
const page = (n: number) => ({ page: n, perPage: 20 });
const week = { from: '2026-01-05T00:00:00.000Z', to: '2026-01-12T00:00:00.000Z' };

type Case = {
  name: string;
  /** The world's queries the invalidation is for (several pages, searches, rosters). */
  mine: (worldId: string) => { queryKey: QueryKey }[];
  invalidate: (queryClient: QueryClient, worldId: string) => Promise<void>;
};

const cases: Case[] = [
  {
    name: 'invalidateMembers',
    mine: (w) => [
      memberQueries.list(q, w, page(1)),
      memberQueries.list(q, w, { ...page(2), q: '花' }),
    ],
    invalidate: invalidateMembers,
  },
  {
    name: 'invalidateStaffInvitations',
    mine: (w) => [memberQueries.staffInvitations(q, w, page(1))],
    invalidate: invalidateStaffInvitations,
  },
  {
    name: 'invalidateMemberInvitations',
    mine: (w) => [
      memberQueries.memberInvitations(q, w, page(1)),
      memberQueries.memberInvitations(q, w, page(2)),
    ],
    invalidate: invalidateMemberInvitations,
  },
  {
    name: 'invalidateWorldUrls',
    mine: (w) => [worldUrlQueries.show(q, w)],
    invalidate: invalidateWorldUrls,
  },
  {
    name: 'invalidateRemovedAttendees',
    mine: (w) => [memberQueries.removedAttendees(q, w)],
    invalidate: invalidateRemovedAttendees,
  },
  {
    name: 'invalidateGuests',
    mine: (w) => [guestQueries.list(q, w, page(1)), guestQueries.list(q, w, page(3))],
    invalidate: invalidateGuests,
  },
  {
    name: 'invalidateGuestLinks',
    mine: (w) => [guestQueries.links(q, w)],
    invalidate: invalidateGuestLinks,
  },
  {
    name: 'invalidateInstantEntrances',
    mine: (w) => [guestQueries.instantEntrances(q, w)],
    invalidate: invalidateInstantEntrances,
  },
  {
    name: 'invalidateIntroduction',
    mine: (w) => [guestQueries.introduction(q, w)],
    invalidate: invalidateIntroduction,
  },
  {
    name: 'invalidateBadges',
    mine: (w) => [guestQueries.badges(q, w)],
    invalidate: invalidateBadges,
  },
  {
    name: 'invalidateRecordings',
    mine: (w) => [recordingQueries.list(q, w, page(1)), recordingQueries.list(q, w, page(2))],
    invalidate: invalidateRecordings,
  },
  {
    name: 'invalidateEvents',
    mine: (w) => [eventQueries.list(q, w, page(1)), eventQueries.list(q, w, page(2))],
    invalidate: invalidateEvents,
  },
  {
    name: 'invalidateEvent',
    mine: (w) => [eventQueries.show(q, w, 'e1')],
    invalidate: (queryClient, w) => invalidateEvent(queryClient, w, 'e1'),
  },
  {
    name: 'invalidateQuestionnaires',
    mine: (w) => [myQuestionnaireQueries.list(q, w)],
    invalidate: invalidateQuestionnaires,
  },
  {
    name: 'invalidateMyAnswers',
    mine: (w) => [questionnaireQueries.myAnswers(q, w)],
    invalidate: invalidateMyAnswers,
  },
  {
    name: 'invalidateMyWorld',
    mine: (w) => [myWorldQueries.show(q, w)],
    invalidate: invalidateMyWorld,
  },
  {
    name: 'invalidateCalendarDates',
    mine: (w) => [
      myWorldQueries.calendarDates(q, w, week),
      reservedDateQueries.upcoming(q, w, week.from),
    ],
    invalidate: invalidateCalendarDates,
  },
  {
    name: 'invalidateMeetingAttendees',
    mine: (w) => [
      meetingQueries.attendees(q, w, 'm1', 'a1'),
      meetingQueries.attendees(q, w, 'm1', 'a1,a2'),
    ],
    invalidate: (queryClient, w) => invalidateMeetingAttendees(queryClient, w, 'm1'),
  },
];

/** Every query of every case for both worlds, plus the layout, all fresh in one cache. */
function filledCache() {
  const queryClient = createQueryClient();
  const keys = [
    ...cases.flatMap((c) => [...c.mine('w1'), ...c.mine('w2')]),
    layoutQueries.show(q, 'w1'),
  ].map((options) => options.queryKey);
  for (const key of keys) queryClient.setQueryData(key, { items: [] });
  const stale = () =>
    queryClient
      .getQueryCache()
      .findAll({ predicate: (query) => query.state.isInvalidated })
      .map((query) => query.queryKey);
  return { queryClient, stale };
}

describe('the named invalidations', () => {
  it.each(cases)("$name marks stale the world's own queries and nothing else", async (c) => {
    const { queryClient, stale } = filledCache();

    await c.invalidate(queryClient, 'w1');

    expect(stale()).toEqual(c.mine('w1').map((options) => options.queryKey));
  });

  it('invalidateMyWorlds marks every page of the list of worlds stale, not a world', async () => {
    const { queryClient, stale } = filledCache();
    const list = [myWorldQueries.list(q, page(1)), myWorldQueries.list(q, page(2))];
    for (const options of list) queryClient.setQueryData(options.queryKey, { items: [] });

    await invalidateMyWorlds(queryClient);

    expect(stale()).toEqual(list.map((options) => options.queryKey));
  });

  it.each([
    ['invalidatePresets', myLayoutQueries.presets(q), invalidatePresets],
    [
      'invalidateVirtualBackgrounds',
      meetingQueries.virtualBackgrounds(q),
      invalidateVirtualBackgrounds,
    ],
  ] as const)('%s marks its list stale, nothing else', async (_, options, invalidate) => {
    const { queryClient, stale } = filledCache();
    queryClient.setQueryData(options.queryKey, { items: [] });

    await invalidate(queryClient);

    expect(stale()).toEqual([options.queryKey]);
  });
});
