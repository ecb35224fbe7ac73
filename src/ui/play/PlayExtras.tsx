/**
 * Under the play screen's bars: the moves, and the analysis with the openings book (a friend game by
 * links shows a note instead until it ends). A box of its own that scrolls on a tablet held upright.
 */
import type { GameState } from '../../core';
import type { BookMove } from '../engine/client';
import { AnalysisPanel } from '../review/AnalysisPanel';
import { BookPanel } from '../review/BookPanel';
import type { AnalysisController } from '../review/analysis/controller';
import { verdicts } from '../review/analysis/game-analysis';
import { MoveList } from './MoveList';
import type { Match } from './session/match';
import * as words from '../words/paraglide/messages.js';

export function PlayExtras(props: {
  readonly match: Match;
  /** The position on the board (an earlier one in review). */
  readonly shown: GameState;
  readonly analysis: AnalysisController;
  /** A friend game by links that has not ended: no engine help. */
  readonly friendLive: boolean;
  readonly onGo: (ply: number) => void;
  readonly onBookMoves: (moves: readonly BookMove[] | null) => void;
}) {
  const { match: m, shown: s, analysis } = props;
  const live = m.game;
  const wholeAnalysis = analysis.gameAnalysis.value;
  const moveVerdicts = wholeAnalysis ? verdicts(wholeAnalysis, live) : undefined;
  return (
    <div class="play-extras">
      <MoveList
        game={live}
        shownPly={s.moves.length}
        onGo={props.onGo}
        {...(moveVerdicts ? { verdicts: moveVerdicts } : {})}
      />
      {props.friendLive ? (
        <p class="friend-note" role="note">
          {words.play_friend_note()}
        </p>
      ) : (
        <>
          <AnalysisPanel
            analysis={analysis}
            game={live}
            shown={s}
            names={[m.sides[0].name, m.sides[1].name]}
            onGo={props.onGo}
          />
          <BookPanel state={s} onMoves={props.onBookMoves} />
        </>
      )}
    </div>
  );
}
