import { useState } from 'react';

/** Filters a list by name or address (the contract's q: 1 to 100 characters; blank shows all). */
export function ListSearch({ id, onSearch }: { id: string; onSearch: (q: string) => void }) {
  const [text, setText] = useState('');
  return (
    <form
      role="search"
      className="membership-toolbar"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(text.trim().slice(0, 100));
      }}
    >
      <label htmlFor={id}>名前・メールアドレスで検索</label>
      <input
        id={id}
        type="search"
        className="field-control"
        value={text}
        maxLength={100}
        onChange={(event) => setText(event.target.value)}
      />
      <button type="submit" className="button">
        検索
      </button>
    </form>
  );
}
