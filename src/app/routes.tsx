import type { ComponentType } from 'react';
import { redirect, type RouteObject } from 'react-router';
import { BrandLayout } from '../views/layouts/brand-layout';
import { DefaultLayout } from '../views/layouts/default-layout';
import { OnlyHeaderLayout } from '../views/layouts/only-header-layout';
import { WorldLayout } from '../views/layouts/world-layout';
import { PageLoading } from '../views/components/loading';
import { AppRoot } from './app-root';
import { withChunkRecovery } from './chunk-recovery';
import { GuardGate } from './guard-gate';
import { resolveGuard } from './guards';
import { notFound } from './not-found';
import { RouteErrorBoundary } from './route-error-boundary';
import { type LayoutName, type RouteEntry, type RouteHandle, routeTable } from './route-table';

/**
 * A layout, or the loader of one that shows fetched data itself (mypage: the unread news in its
 * navigation): that one is loaded with the query cache, not with the root (the page budget).
 */
const layouts: Readonly<Record<LayoutName, ComponentType | (() => Promise<ComponentType>)>> = {
  default: DefaultLayout,
  mypage: () => import('../views/layouts/mypage-layout').then((m) => m.MypageLayout),
  'only-header': OnlyHeaderLayout,
  brand: BrandLayout,
  world: WorldLayout,
};
const readsData = new Set<LayoutName>(['mypage']);

/** One table entry as a react-router route: guard resolved now, so a bad name fails at start. */
export function toRoute(entry: RouteEntry): RouteObject {
  const guard = resolveGuard(entry.guard);
  const handle: RouteHandle = { title: entry.title, guard: entry.guard };
  const { redirectTo, validate } = entry;
  const loader =
    redirectTo || validate
      ? ({ params }: { params: Readonly<Record<string, string | undefined>> }) => {
          if (validate && !validate(params)) notFound();
          if (redirectTo) throw redirect(redirectTo);
          return null;
        }
      : undefined;
  return {
    path: entry.path,
    handle,
    ...(loader ? { loader } : {}),
    lazy: withChunkRecovery(async () => {
      const [Page, Scope] = await Promise.all([
        entry.page(),
        // A redirect's page never renders: nothing of the cache to load for it either.
        entry.queryCache === false || redirectTo
          ? null
          : import('./query-scope').then((m) => m.QueryScope),
      ]);
      return {
        Component: function GuardedPage() {
          const page = (
            <GuardGate guard={guard}>
              <Page />
            </GuardGate>
          );
          return Scope ? <Scope>{page}</Scope> : page;
        },
      };
    }),
  };
}

/** A layout inside the query cache, both loaded on the way to its first page. */
function withQueryScope(loadLayout: () => Promise<ComponentType>) {
  return withChunkRecovery(async () => {
    const [Layout, { QueryScope }] = await Promise.all([loadLayout(), import('./query-scope')]);
    return {
      Component: function LayoutWithQueryScope() {
        return (
          <QueryScope>
            <Layout />
          </QueryScope>
        );
      },
    };
  });
}

/** The whole tree: providers at the root, errors caught inside them, a parent per layout. */
export function buildRoutes(table: readonly RouteEntry[] = routeTable): RouteObject[] {
  const byLayout = new Map<LayoutName, RouteObject[]>();
  for (const entry of table) {
    const group = byLayout.get(entry.layout) ?? [];
    group.push(toRoute(entry));
    byLayout.set(entry.layout, group);
  }
  const layoutRoutes: RouteObject[] = [...byLayout].map(([layout, children]) =>
    readsData.has(layout)
      ? {
          id: `layout:${layout}`,
          lazy: withQueryScope(layouts[layout] as () => Promise<ComponentType>),
          children,
        }
      : { id: `layout:${layout}`, Component: layouts[layout] as ComponentType, children },
  );
  return [
    {
      id: 'root',
      Component: AppRoot,
      ErrorBoundary: RouteErrorBoundary,
      HydrateFallback: PageLoading,
      children: [
        {
          id: 'pages',
          ErrorBoundary: RouteErrorBoundary,
          children: [
            ...layoutRoutes,
            {
              path: '*',
              loader: () => notFound(),
              // Never rendered (the loader always throws); present so the router does not warn
              // about a leaf route without an element.
              Component: () => null,
            },
          ],
        },
      ],
    },
  ];
}
