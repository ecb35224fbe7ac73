/**
 * The openings book for the position on the board, as pente.org's game database shows it: each book move
 * with its game count and the mover's win rate. The book reader is loaded only when the panel is opened.
 */
import { signal } from '@preact/signals';
import { useState } from 'preact/hooks';
import type { GameState } from '../core';
import type * as BookReader from '../ai/book/book';
import { loadBookBytes } from './engine/book';

type BookModule = typeof BookReader;

const loaded = signal<{ book: BookReader.OpeningBook; module: BookModule } | 'missing' | null>(null);

async function loadBook(): Promise<void> {
  if (loaded.value) return;
  const [bytes, module] = await Promise.all([loadBookBytes(), import('../ai/book/book')]);
  loaded.value = bytes ? { book: new module.OpeningBook(bytes), module } : 'missing';
}

export function BookPanel({ state }: { state: GameState }) {
  const [open, setOpen] = useState(false);
  const book = loaded.value;
  let body;
  if (!open) body = null;
  else if (book === null) body = <p>Loading the book…</p>;
  else if (book === 'missing') body = <p>The openings book is not available.</p>;
  else {
    const moves = book.module.bookMovesFor(book.book, state);
    body =
      moves.length === 0 ? (
        <p>This position is not in the book.</p>
      ) : (
        <table class="book">
          <thead>
            <tr>
              <th scope="col">Move</th>
              <th scope="col">Games</th>
              <th scope="col">Mover won</th>
            </tr>
          </thead>
          <tbody>
            {moves.map((m) => (
              <tr key={m.point}>
                <td>{m.name}</td>
                <td>{m.games}</td>
                <td>{Math.round(m.winRate * 100)}%</td>
              </tr>
            ))}
          </tbody>
        </table>
      );
  }
  return (
    <details
      class="book-panel"
      onToggle={(e) => {
        const isOpen = (e.currentTarget as HTMLDetailsElement).open;
        setOpen(isOpen);
        if (isOpen) void loadBook();
      }}
    >
      <summary>Openings book</summary>
      {body}
    </details>
  );
}
