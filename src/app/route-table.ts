import type { ComponentType } from 'react';
import type { GuardName } from './guards';

// The route table of docs/product.md §2, as data. src/app/routes.tsx turns it into
// react-router routes: one pathless parent per layout, the guard resolved by name, the page
// loaded lazily. The redirect entries (/ and /mypage) name the placeholder page, which their
// loader's redirect never lets render.
// Added to the table of docs/product.md §2 (issue 6, "not shown" there): /mypage/worlds/:id/events (the
// world's announcements) and /mypage/worlds/:id/questionnaires(/:questionnaireId) (the
// questionnaire builder), mypage layout, signed-in only like everything under /mypage.
// /events/:id also takes ?token=… : the link mailed on registration confirms it there.
// Added in issue 13: /mypage/payments/:id/receipt (a payment's receipt, docs/receipts.md).
// Added in issue 15: /mypage/news (the product's news, お知らせ).
// Added in issue 23: /legal/commerce (特定商取引法に基づく表記, brand layout, public; docs/product.md §4).
// Added in issue 29: /worlds/:worldId/events (a world's public events, for anyone) and /w/:name (a
// world's short URL, docs/product.md "World URL").
// Added in issue 28: /mypage/worlds/:id/insights (a world's insights, docs/product.md "Insights").

/** What each page route carries in react-router's `handle`: read by the title and meta. */
export interface RouteHandle {
  title: string | null;
  guard: GuardName;
}

export type LayoutName = 'default' | 'mypage' | 'only-header' | 'brand' | 'world';

export interface RouteEntry {
  /** react-router syntax: the {id} of docs/product.md §2 is :id. */
  path: string;
  layout: LayoutName;
  guard: GuardName;
  /** The page's own title ("{title} - {site name}"); null takes the default title. */
  title: string | null;
  page: () => Promise<ComponentType>;
  /**
   * false: the page reads no fetched data, so the query cache (TanStack Query,
   * src/app/query-scope.tsx) is not loaded with it: the sign-in and other form pages stay light
   * (tests/build/page-budget.test.ts). A page that does read one without it fails at once.
   */
  queryCache?: false;
  /** Sends the visitor on at once (a loader redirect), before the guard or page. */
  redirectTo?: string;
  /** Checks the route's params; false answers 404 as for an unknown path. */
  validate?: (params: Readonly<Record<string, string | undefined>>) => boolean;
}

const placeholder = () => import('../views/pages/placeholder-page').then((m) => m.PlaceholderPage);

// Ids in the API are UUIDs (openapi/components: Id, WorldId); anything else cannot exist.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const uuids =
  (...names: string[]) =>
  (params: Readonly<Record<string, string | undefined>>) =>
    names.every((name) => UUID.test(params[name] ?? ''));

export const routeTable: readonly RouteEntry[] = [
  // {product}-bland: the original product's spelling; "brand" here (docs/product.md §2).
  // docs/product.md §2: "signed; sends to /signin". The signed guard there sends a signed-in user on.
  {
    path: '/',
    layout: 'brand',
    guard: 'signed',
    title: null,
    page: placeholder,
    redirectTo: '/signin',
  },
  {
    path: '/signin',
    layout: 'brand',
    guard: 'signed',
    title: 'ログイン',
    page: () => import('../views/pages/sign-in-page').then((m) => m.SignInPage),
    queryCache: false,
  },
  {
    path: '/signup',
    layout: 'brand',
    guard: 'signed',
    title: '新規登録',
    page: () => import('../views/pages/sign-up-page').then((m) => m.SignUpPage),
    queryCache: false,
  },
  {
    path: '/confirmation',
    layout: 'brand',
    guard: 'none',
    title: 'メールアドレスの確認',
    page: () => import('../views/pages/confirmation-page').then((m) => m.ConfirmationPage),
  },
  {
    path: '/contact',
    layout: 'brand',
    guard: 'none',
    title: 'お問い合わせ',
    page: () => import('../views/pages/contact-page').then((m) => m.ContactPage),
    queryCache: false,
  },
  {
    path: '/legal/commerce',
    layout: 'brand',
    guard: 'none',
    title: '特定商取引法に基づく表記',
    page: () =>
      import('../views/pages/commerce-disclosure-page').then((m) => m.CommerceDisclosurePage),
  },
  {
    path: '/newPassword',
    layout: 'brand',
    guard: 'none',
    title: '新しいパスワードの設定',
    page: () => import('../views/pages/new-password-page').then((m) => m.NewPasswordPage),
    queryCache: false,
  },
  {
    path: '/resetPassword',
    layout: 'brand',
    guard: 'none',
    title: 'パスワードの再設定',
    page: () => import('../views/pages/reset-password-page').then((m) => m.ResetPasswordPage),
    queryCache: false,
  },
  {
    path: '/events/:id',
    layout: 'world',
    guard: 'none',
    title: 'イベント',
    page: () => import('../views/pages/public-event-page').then((m) => m.PublicEventPage),
    validate: uuids('id'),
  },
  {
    path: '/invite-staff/:url',
    layout: 'default',
    guard: 'auth',
    title: 'スタッフ招待',
    page: () =>
      Promise.all([
        import('../views/pages/invite-staff-page'),
        import('./actors/invitation-actor'),
      ]).then(([m, actors]) => actors.withInvitationActor(m.InviteStaffPage)),
  },
  {
    path: '/mypage',
    layout: 'mypage',
    guard: 'auth',
    title: 'マイページ',
    page: placeholder,
    redirectTo: '/mypage/worlds',
  },
  {
    path: '/mypage/account',
    layout: 'mypage',
    guard: 'auth',
    title: 'アカウント',
    page: () => import('../views/pages/mypage-account-page').then((m) => m.MypageAccountPage),
  },
  {
    path: '/mypage/news',
    layout: 'mypage',
    guard: 'auth',
    title: 'お知らせ',
    page: () => import('../views/pages/news-page').then((m) => m.NewsPage),
  },
  {
    path: '/mypage/payments',
    layout: 'mypage',
    guard: 'auth',
    title: 'お支払い',
    page: () =>
      Promise.all([
        import('../views/pages/payments-page'),
        import('./actors/payment-methods-actor'),
      ]).then(([m, actors]) => actors.withPaymentMethodsActor(m.PaymentsPage)),
  },
  {
    path: '/mypage/payments/:id/receipt',
    layout: 'mypage',
    guard: 'auth',
    title: '領収書',
    page: () => import('../views/pages/receipt-page').then((m) => m.ReceiptPage),
  },
  {
    path: '/mypage/worlds',
    layout: 'mypage',
    guard: 'auth',
    title: 'ワールド一覧',
    page: () => import('../views/pages/worlds-page').then((m) => m.WorldsPage),
  },
  // Guards docs/product.md §2 settles for the added screens: everything under /mypage is signed-in only.
  {
    path: '/mypage/worlds/new',
    layout: 'mypage',
    guard: 'auth',
    title: 'ワールドの作成',
    page: () => import('../views/pages/world-new-page').then((m) => m.WorldNewPage),
  },
  {
    path: '/mypage/worlds/:id',
    layout: 'mypage',
    guard: 'auth',
    title: 'ワールド',
    page: () =>
      Promise.all([
        import('../views/pages/world-detail-page'),
        import('./actors/world-detail-actors'),
      ]).then(([m, actors]) => actors.withWorldDetailActors(m.WorldDetailPage)),
    validate: uuids('id'),
  },
  {
    path: '/mypage/worlds/:id/edit',
    layout: 'mypage',
    guard: 'auth',
    title: 'ワールドの編集',
    page: () => import('../views/pages/world-edit-page').then((m) => m.WorldEditPage),
    validate: uuids('id'),
  },
  {
    path: '/mypage/worlds/:id/editLayout',
    layout: 'default',
    guard: 'auth',
    title: 'レイアウトの編集',
    page: () =>
      Promise.all([
        import('../views/pages/layout-edit-page'),
        import('./actors/layout-editor-actor'),
      ]).then(([m, actors]) => actors.withLayoutEditorActor(m.LayoutEditPage)),
    validate: uuids('id'),
  },
  {
    path: '/mypage/worlds/:id/events',
    layout: 'mypage',
    guard: 'auth',
    title: 'イベントのお知らせ',
    page: () => import('../views/pages/events-page').then((m) => m.EventsPage),
    validate: uuids('id'),
  },
  {
    path: '/mypage/worlds/:id/events/new',
    layout: 'mypage',
    guard: 'auth',
    title: 'イベントのお知らせの作成',
    page: () => import('../views/pages/event-new-page').then((m) => m.EventNewPage),
    validate: uuids('id'),
  },
  {
    path: '/mypage/worlds/:id/events/:eventId',
    layout: 'mypage',
    guard: 'auth',
    title: 'イベントのお知らせ',
    page: () => import('../views/pages/event-detail-page').then((m) => m.EventDetailPage),
    validate: uuids('id', 'eventId'),
  },
  {
    path: '/mypage/worlds/:id/events/:eventId/edit',
    layout: 'mypage',
    guard: 'auth',
    title: 'イベントのお知らせの編集',
    page: () => import('../views/pages/event-edit-page').then((m) => m.EventEditPage),
    validate: uuids('id', 'eventId'),
  },
  {
    path: '/mypage/worlds/:id/questionnaires',
    layout: 'mypage',
    guard: 'auth',
    title: 'アンケート',
    page: () => import('../views/pages/questionnaires-page').then((m) => m.QuestionnairesPage),
    validate: uuids('id'),
  },
  {
    path: '/mypage/worlds/:id/questionnaires/:questionnaireId',
    layout: 'mypage',
    guard: 'auth',
    title: 'アンケートの編集',
    page: () => import('../views/pages/questionnaire-page').then((m) => m.QuestionnairePage),
    validate: uuids('id', 'questionnaireId'),
  },
  {
    path: '/mypage/worlds/:id/insights',
    layout: 'mypage',
    guard: 'auth',
    title: 'インサイト',
    page: () => import('../views/pages/world-insights-page').then((m) => m.WorldInsightsPage),
    validate: uuids('id'),
  },
  {
    path: '/mypage/worlds/:id/invitation',
    layout: 'world',
    guard: 'auth',
    title: 'ワールドへの招待',
    page: () =>
      Promise.all([
        import('../views/pages/world-invitation-page'),
        import('./actors/invitation-actor'),
      ]).then(([m, actors]) => actors.withInvitationActor(m.WorldInvitationPage)),
    validate: uuids('id'),
  },
  // docs/product.md §2: paying is for the world's owner, so signed-in only.
  {
    path: '/mypage/worlds/:id/payment',
    layout: 'only-header',
    guard: 'auth',
    title: 'お支払い手続き',
    page: () =>
      Promise.all([
        import('../views/pages/world-payment-page'),
        import('./actors/payment-actors'),
      ]).then(([m, actors]) => actors.withPaymentActors(m.WorldPaymentPage)),
    validate: uuids('id'),
  },
  {
    path: '/worlds/:worldId',
    layout: 'world',
    guard: 'auth',
    title: 'ワールド',
    page: () =>
      Promise.all([
        import('../views/pages/world-meeting-page'),
        import('./actors/world-route'),
        import('./actors/questionnaire-answer-actor'),
      ]).then(([m, actors, questionnaire]) =>
        actors.withWorldActors(questionnaire.withQuestionnaireAnswerActor(m.WorldMeetingPage)),
      ),
    validate: uuids('worldId'),
  },
  {
    path: '/worlds/:worldId/gate',
    layout: 'world',
    guard: 'auth',
    title: 'ワールドの入口',
    page: () =>
      Promise.all([import('../views/pages/world-gate-page'), import('./actors/world-route')]).then(
        ([m, actors]) => actors.withWorldActors(m.WorldGatePage),
      ),
    validate: uuids('worldId'),
  },
  // docs/product.md §2: enterGuest and instantEnter never force a sign-in redirect on a 401.
  {
    path: '/worlds/:worldId/enterGuest',
    layout: 'world',
    guard: 'none',
    title: 'ゲストとして入場',
    page: () =>
      Promise.all([
        import('../views/pages/enter-guest-page'),
        import('./actors/guest-entry-actor'),
      ]).then(([m, actors]) => actors.withGuestEntryActor(m.EnterGuestPage)),
    validate: uuids('worldId'),
  },
  {
    path: '/worlds/:worldId/instantEnter',
    layout: 'world',
    guard: 'none',
    title: 'かんたん入場',
    page: () =>
      Promise.all([
        import('../views/pages/instant-enter-page'),
        import('./actors/guest-entry-actor'),
      ]).then(([m, actors]) => actors.withGuestEntryActor(m.InstantEnterPage)),
    validate: uuids('worldId'),
  },
  {
    path: '/worlds/:worldId/events',
    layout: 'world',
    guard: 'none',
    title: 'イベント一覧',
    page: () => import('../views/pages/world-events-page').then((m) => m.WorldEventsPage),
    validate: uuids('worldId'),
  },
  {
    path: '/w/:name',
    layout: 'world',
    guard: 'none',
    title: 'ワールドへ移動',
    page: () => import('../views/pages/world-url-page').then((m) => m.WorldUrlPage),
    // The names resolveWorldId takes (openapi/paths/users.yaml); anything else is no world's.
    validate: ({ name }) => /^[A-Za-z0-9-]{1,100}$/.test(name ?? ''),
  },
  // Development only (issue 7): the statecharts and their running actors. A production build
  // replaces import.meta.env.DEV with false and drops the entry and its chunk; under Vitest
  // (mode "test") the table stays that of docs/product.md §2.
  ...(import.meta.env.DEV && import.meta.env.MODE !== 'test'
    ? [
        {
          path: '/dev/machines',
          layout: 'default',
          guard: 'none',
          title: 'ステートマシン（開発用）',
          page: () => import('./dev-machines/dev-machines-page').then((m) => m.DevMachinesPage),
        } satisfies RouteEntry,
      ]
    : []),
];
