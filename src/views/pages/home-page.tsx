import { Link } from 'react-router';
import { SITE_NAME, SITE_TAGLINE } from '../../domain/site';

/**
 * "/": for a visitor who is not signed in, what the product is and where to sign in or sign up
 * (a signed-in user is sent on by the route's guard). The layout brings header and footer; the
 * title is the default one, set by the app.
 */
export function HomePage() {
  return (
    <>
      <h1>{SITE_TAGLINE}</h1>
      <p>
        {SITE_NAME}
        は、オンライン上の仮想のイベント会場「ワールド」でイベントを開催できるサービスです。参加者はアプリを入れずに、ブラウザからビデオで参加できます。
      </p>

      <ul className="actions">
        <li>
          <Link className="button button-primary" to="/signup">
            新規登録
          </Link>
        </li>
        <li>
          <Link className="button" to="/signin">
            ログイン
          </Link>
        </li>
      </ul>

      <section aria-labelledby="home-features">
        <h2 id="home-features">できること</h2>
        <ul>
          <li>ワールドを作り、カレンダーで開催日を予約する</li>
          <li>マイク・カメラ・画面共有でビデオ会議をする、ライブ配信や録画をする</li>
          <li>スタッフを招待し、アンケートやイベントのお知らせを届け、ゲストを受け付ける</li>
          <li>利用料金を人数と時間から見積もり、日本円で支払う</li>
        </ul>
      </section>
    </>
  );
}
