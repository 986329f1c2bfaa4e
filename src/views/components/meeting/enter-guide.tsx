import type { components } from '../../../services/api/schema';

type Introduction = components['schemas']['EnterGuestEditableIntroduction'];

/**
 * The guide owner and staff saved for the enter page (入場ページの案内), shown to guests before
 * they enter (docs/product.md §2). Plain text: line breaks kept, nothing interpreted as markup.
 */
export function EnterGuide({ introduction }: { introduction: Introduction }) {
  const body = introduction.body.trim();
  if (!body && !introduction.imageUrl) return null;
  return (
    <section className="enter-guide" aria-labelledby="enter-guide-heading">
      <h2 id="enter-guide-heading">ご案内</h2>
      {introduction.imageUrl && (
        <img src={introduction.imageUrl} alt="" className="enter-guide-image" />
      )}
      {body && <p className="enter-guide-body">{body}</p>}
    </section>
  );
}
