/// <reference types="vite/client" />
// The modules under test run under Vite, which provides import.meta.env; the node project that
// type-checks tests does not include vite/client by itself.
import { createMemoryRouter, type RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { type RouteEntry, routeTable } from './route-table';

// The session and overlay belong to another part of the app; these tests only look at what the
// router does before any page renders (loaders, redirects, 404s), so stand-ins are enough.
vi.mock('./session', () => ({
  SessionProvider: ({ children }: { children: unknown }) => children,
  useSession: () => ({ status: 'signedOut', isGuest: false, user: null }),
}));
vi.mock('./loading-overlay', () => ({
  LoadingOverlayProvider: ({ children }: { children: unknown }) => children,
  LoadingOverlay: () => null,
}));

const { buildRoutes, toRoute } = await import('./routes');

async function settle(routes: RouteObject[], path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  // A lazy route's import: a limit for a hang, not for the machine's speed (1 s by default).
  await vi.waitFor(() => expect(router.state.initialized).toBe(true), { timeout: 30_000 });
  return router;
}

const WORLD = '0b9f2c0e-3a5c-4b7e-9f61-2f6d3f0a1c11';

describe('route table', () => {
  // Screens beyond the original product's list, added with the features that need them (see route-table.ts).
  const added = [
    '/mypage/worlds/:id/events',
    '/mypage/worlds/:id/questionnaires',
    '/mypage/worlds/:id/questionnaires/:questionnaireId',
    '/mypage/payments/:id/receipt',
    '/mypage/news',
    '/legal/commerce',
    '/worlds/:worldId/events',
    '/w/:name',
    '/mypage/worlds/:id/insights',
  ];

  it('has the 26 paths of docs/product.md §2 and the added screens, each once', () => {
    const paths = routeTable.map((r) => r.path);
    expect(paths.filter((path) => !added.includes(path))).toHaveLength(26);
    expect(paths).toEqual(expect.arrayContaining(added));
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('gives every page but the root a Japanese title', () => {
    for (const route of routeTable.filter((r) => r.path !== '/'))
      expect(route.title).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
  });

  it('signs in for everything under /mypage', () => {
    for (const route of routeTable.filter((r) => r.path.startsWith('/mypage')))
      expect(route.guard).toBe('auth');
  });

  it('refuses an unknown guard name when the routes are built', () => {
    const bogus = { ...routeTable[0], guard: 'admin' } as unknown as RouteEntry;
    expect(() => toRoute(bogus)).toThrow('Unknown route guard: admin');
  });
});

describe('router', () => {
  it('redirects /mypage to /mypage/worlds', async () => {
    const router = await settle(buildRoutes(), '/mypage');
    expect(router.state.location.pathname).toBe('/mypage/worlds');
    expect(router.state.errors).toBeNull();
  });

  it('answers 404 for an unknown path', async () => {
    const router = await settle(buildRoutes(), '/no/such/page');
    const error = Object.values(router.state.errors ?? {})[0] as { status?: number };
    expect(error.status).toBe(404);
  });

  it('answers 404 when a route rejects its params', async () => {
    const router = await settle(buildRoutes(), '/worlds/not-a-world/gate');
    const error = Object.values(router.state.errors ?? {})[0] as { status?: number };
    expect(error.status).toBe(404);
  });

  it('matches a world page with a valid id and puts it in the world layout', async () => {
    const router = await settle(buildRoutes(), `/worlds/${WORLD}/gate`);
    expect(router.state.errors).toBeNull();
    expect(router.state.matches.map((m) => m.route.id)).toContain('layout:world');
    expect(router.state.matches.at(-1)?.route.handle).toEqual({
      title: 'ワールドの入口',
      guard: 'auth',
    });
  });

  it('prefers /mypage/worlds/new over /mypage/worlds/:id', async () => {
    const router = await settle(buildRoutes(), '/mypage/worlds/new');
    expect(router.state.errors).toBeNull();
    expect(router.state.matches.at(-1)?.route.path).toBe('/mypage/worlds/new');
  });
});
