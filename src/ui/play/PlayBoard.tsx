/**
 * The play screen's board: the shown position with what the screen draws over it — the previewed move and
 * what it would capture, the winning line, the tournament rule's zone, move numbers, the hint, the
 * engine's line as numbered ghost stones and the book's moves as tags (when their panels are open).
 */
import { type MovePreview, forbiddenPoints, renjuForbiddenMarks, winningLine } from '../../core';
import { Board, type BoardGhost, type BoardMark } from '../board/Board';
import type { PlacementInput } from '../board/use-placement';
import type { BookMove } from '../engine/client';
import type { AnalysisController } from '../review/analysis/controller';
import { settings } from '../shell/app-state';
import { offerDraftIn, offerMarks, tapOffer } from './RenjuSteps';
import type { PlayController } from './session/controller';
import { type MatchSide, isFriendMatch, sideToMove } from './session/match';

/** How many moves of the engine's line the board draws as numbered ghost stones. */
const GHOST_MOVES = 6;

export interface PlayBoardProps {
  readonly game: PlayController;
  readonly analysis: AnalysisController;
  readonly placement: PlacementInput<MovePreview>;
  /** The book's moves for the shown position, while the book panel is open. */
  readonly bookMoves: readonly BookMove[] | null;
  /** The analysis's hint for the shown position (review), if any. */
  readonly reviewHint: number | null;
}

export function PlayBoard({ game, analysis, placement, bookMoves, reviewHint }: PlayBoardProps) {
  const s = game.shown.value;
  const reviewing = game.match.value.reviewPly !== null;
  const shownPreview = placement.preview;
  const marked = shownPreview ? [...shownPreview.captured, ...shownPreview.poofed] : [];
  const forbidden = reviewing ? null : forbiddenPoints(s);
  // The tournament rule's (and G-Pente's) points are shaded; the first move's centre rule is said in words when broken.
  const shaded = forbidden && forbidden.reason !== 'centre-first' ? forbidden.points : [];
  let numbers: Map<number, number> | null = null;
  if (settings.value.showMoveNumbers) {
    numbers = new Map();
    s.moves.forEach((p, i) => numbers!.set(p, i + 1));
    for (const p of [...numbers.keys()]) if (!s.cells[p]) numbers.delete(p);
  }
  const line = analysis.lineFor(s);
  const ghosts: BoardGhost[] = (line?.pv ?? []).slice(0, GHOST_MOVES).map((point, i) => ({
    point,
    player: (i % 2 === 0 ? s.toMove : 3 - s.toMove) as 1 | 2,
    label: String(i + 1),
  }));
  // Against the computer or a distant player: whether they are to move (no finger here is aiming).
  const match = game.match.value;
  const away = (side: MatchSide) => !!side.computer || !!side.remote;
  const othersTurn =
    reviewing || s.result || away(match.sides[0]) === away(match.sides[1]) ? undefined : away(sideToMove(match));
  const live = match.game;
  // Renju: the offers being chosen or picked from, numbered; black's forbidden points crossed (core's).
  const offers = offerMarks(live, s);
  const marks: BoardMark[] = [
    ...offers,
    ...(bookMoves ?? []).map((b) => ({ point: b.point, label: String(Math.round(b.winRate * 100)) })),
  ];
  const crossed = reviewing ? [] : renjuForbiddenMarks(s);
  // While black chooses ten offers, a tap adds or takes back an offer instead of placing a stone.
  const choosingOffers = !reviewing && offerDraftIn(live) !== null;
  return (
    <Board
      size={s.rules.size}
      cells={s.cells}
      lastMove={s.lastMove?.point ?? null}
      preview={shownPreview && { point: shownPreview.point, player: shownPreview.player }}
      marked={marked}
      highlighted={shownPreview && !reviewing ? [...shownPreview.winningLine] : winningLine(s)}
      shaded={choosingOffers ? [] : [...shaded]}
      numbers={numbers}
      hint={reviewing ? reviewHint : game.hint.value}
      ghosts={shownPreview ? [] : ghosts}
      marks={shownPreview ? offers : marks}
      crossed={crossed}
      showCoordinates={settings.value.showCoordinates}
      othersTurn={othersTurn}
      openZoomedAt={isFriendMatch(game.match.value) ? (game.match.value.game.lastMove?.point ?? null) : null}
      {...placement.board}
      {...(choosingOffers ? { onPoint: (point: number) => tapOffer(live, point), dragToPlace: false } : {})}
    />
  );
}
