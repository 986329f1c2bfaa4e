import { count } from 'drizzle-orm';
import { hashPassword } from '../auth/passwords';
import { createWorld } from '../worlds/worlds';
import type { Db } from '../db/connect';
import { news, users, virtualBackgrounds } from '../db/schema';

export const demoAccount = {
  email: 'demo@example.com',
  password: 'demo-password',
  name: 'デモ主催者',
} as const;

/**
 * On an empty database: a confirmed demo owner with one world, so a newcomer can sign in at once,
 * and a little news and a few camera backgrounds, so those screens are not empty. Runs only when
 * SEED_DEMO is on (by default outside production).
 */
export async function seedDemo(db: Db, now: Date, appUrl: string): Promise<boolean> {
  const [existing] = await db.select({ n: count() }).from(users);
  if ((existing?.n ?? 0) > 0) return false;
  const passwordHash = await hashPassword(demoAccount.password);
  const [owner] = await db
    .insert(users)
    .values({ email: demoAccount.email, name: demoAccount.name, passwordHash, confirmedAt: now })
    .onConflictDoNothing()
    .returning();
  if (!owner) return false;
  await createWorld(
    db,
    owner.id,
    { name: 'デモワールド', description: 'お試し用のワールドです。' },
    now,
  );
  await db.insert(news).values([
    {
      title: 'Worlds へようこそ',
      body: 'デモワールドで、カレンダーの予約やアンケート、イベントのお知らせをお試しください。',
      publishedAt: now,
    },
    {
      title: 'イベントのお知らせ機能を追加しました',
      body: 'ワールドのイベントを公開し、メールアドレスで参加登録を受け付けられるようになりました。',
      publishedAt: new Date(now.getTime() - 86_400_000),
    },
  ]);
  // The images ship with the app (public/virtual-backgrounds); the API answers absolute URLs.
  const backgrounds = [
    ['sky', '青空'],
    ['forest', '森'],
    ['sunset', '夕焼け'],
  ] as const;
  await db.insert(virtualBackgrounds).values(
    backgrounds.map(([file, name], position) => {
      const url = `${appUrl}/virtual-backgrounds/${file}.svg`;
      return { name, imageUrl: url, thumbnailUrl: url, position };
    }),
  );
  return true;
}
