/**
 * The openings explorer's controller: the path (explorer-model.ts), the book's moves for its position (asked
 * of the engine's worker, as the book panel does: the page never reads the book) and the player's own games
 * (their finished games' summaries, read a page per transaction and counted in slices of a few
 * milliseconds, once per visit to the screen). The logic is in the pure modules; this wires them to the page.
 */
import { useEffect, useMemo, useState } from 'preact/hooks';
import { type GameState, type Point, makeRules } from '../../core';
import { type PenteDb, listFinishedOpenings } from '../../storage';
import { runInSlices } from '../../storage/slices';
import { type BookSource, pageEngine } from '../engine/client';
import { type BookLookup, useBookMoves } from '../engine/use-book-moves';
import { db } from '../shell/app-state';
import { storageErrorText } from '../words/storage-words';
import {
  type ExplorerPath,
  type ExplorerRow,
  explorerRows,
  positionOf,
  startPath,
  stepInto,
  stepOut,
  stepOutTo,
} from './explorer-model';
import { explorerStart } from './explorer-start';
import { type OwnOpenings, ownOpenings } from './own-openings';

export type OwnLoad =
  | { readonly status: 'loading' }
  | { readonly status: 'ready'; readonly own: OwnOpenings }
  | { readonly status: 'failed'; readonly message: string };

/** The path the explorer opens on, and whether the start asked for could not be set up. */
function initialPath(): { path: ExplorerPath; badStart: boolean } {
  const asked = explorerStart.peek();
  if (asked && asked.rules.variant.seatChoiceAfter === null) {
    const path = startPath(asked.rules, asked.moves);
    if (positionOf(path)) return { path, badStart: false };
  }
  return { path: startPath(makeRules()), badStart: asked !== null };
}

/** The player's own finished games as an openings tree; null without storage (nothing to count). */
async function countOwnGames(d: PenteDb, signal: AbortSignal): Promise<OwnLoad | null> {
  const listed = await listFinishedOpenings(d, signal);
  if (!listed.ok) return { status: 'failed', message: storageErrorText(listed.error) };
  const own = ownOpenings();
  const games = listed.value;
  await runInSlices(
    (function* () {
      for (const game of games) {
        if (signal.aborted) return;
        own.add(game);
        yield;
      }
      for (const step of own.build()) {
        if (signal.aborted) return;
        yield step;
      }
    })(),
  );
  return { status: 'ready', own };
}

function useOwnGames(): OwnLoad {
  const [own, setOwn] = useState<OwnLoad>({ status: 'loading' });
  useEffect(() => {
    const d = db.peek();
    if (!d) {
      setOwn({ status: 'ready', own: ownOpenings() });
      return;
    }
    const controller = new AbortController();
    void countOwnGames(d, controller.signal).then((load) => {
      if (load && !controller.signal.aborted) setOwn(load);
    });
    return () => controller.abort();
  }, []);
  return own;
}

export interface Explorer {
  readonly path: ExplorerPath;
  readonly state: GameState;
  readonly rows: readonly ExplorerRow[];
  readonly book: BookLookup;
  readonly own: OwnLoad;
  readonly badStart: boolean;
  readonly stepInto: (point: Point) => void;
  readonly stepOut: () => void;
  readonly stepOutTo: (depth: number) => void;
}

export function useExplorer(book: BookSource = pageEngine): Explorer {
  const [initial] = useState(initialPath);
  const [path, setPath] = useState(initial.path);
  // The path only ever holds moves that replay (stepInto checks them), so it always has a position.
  const state = useMemo(() => positionOf(path)!, [path]);
  const bookLookup = useBookMoves(state, book);
  const own = useOwnGames();
  const bookMoves = bookLookup.status === 'done' ? bookLookup.moves : null;
  const rows = useMemo(
    () => explorerRows(state, bookMoves, own.status === 'ready' ? own.own.movesAt(state) : []),
    [state, bookMoves, own],
  );
  return {
    path,
    state,
    rows,
    book: bookLookup,
    own,
    badStart: initial.badStart,
    // From the path as it is when the step is taken (two quick taps step twice, each from the last).
    stepInto: (point) =>
      setPath((p) => {
        const at = positionOf(p);
        return (at && stepInto(p, at, point)) ?? p;
      }),
    stepOut: () => setPath(stepOut),
    stepOutTo: (depth) => setPath((p) => stepOutTo(p, depth)),
  };
}
