/**
 * A game from a link, on screen: the shared-game screen's (SharedGame.tsx) and, for a friend game this
 * device is not part of, the friend link screen's (friends/FriendLink.tsx). Its own module, so those two
 * screens do not import each other.
 */
import { useState } from 'preact/hooks';
import { type OpenedLink, stateAtPly, winningLine } from '../../core';
import { newStoredGame, saveImportedGame, withState } from '../../storage';
import { Board } from '../board/Board';
import { MoveList } from '../play/MoveList';
import { ScreenHeader } from '../shell/ScreenHeader';
import { SideStrip } from '../play/SideStrip';
import { db, notify, refreshResumable, settings } from '../shell/app-state';
import { openGame } from '../play/live-session';
import { colourName, movePlace, movesTotal, variantName } from '../words/game-words';
import * as m from '../words/paraglide/messages.js';
import { storageErrorText } from '../words/storage-words';

/** Who won and how, as the status line says it, by the win's reason. */
const WON = {
  five: m.share_won_five,
  six: m.share_won_six,
  forbidden: m.share_won_forbidden,
  captures: m.share_won_captures,
  resignation: m.share_won_resignation,
  time: m.share_won_time,
} as const;

/**
 * A game from a link, to look at: it opens at the move it was shared at, with the names, the captures, the
 * coordinates and the move list; step through it, or save it to this device's games (a plain game: for a
 * friend game this device is not part of, "Save a copy").
 */
export function LinkedGame({ opened, saveLabel, note }: { opened: OpenedLink; saveLabel: string; note?: string }) {
  const { link, state: game } = opened;
  const [ply, setPly] = useState<number | null>(link.shownPly);
  const [problem, setProblem] = useState('');
  const [saving, setSaving] = useState(false);

  const total = game.moves.length;
  const shownPly = ply ?? total;
  const s = stateAtPly(game, shownPly);
  const size = game.rules.size;
  const names = [link.names?.[0] || colourName(1), link.names?.[1] || colourName(2)] as const;
  const go = (to: number) => setPly(to >= total ? null : Math.max(0, to));

  const save = async () => {
    const d = db.value;
    if (!d) return setProblem(m.share_save_unavailable());
    setSaving(true);
    const fresh = newStoredGame({
      variant: game.rules.variant.id,
      size,
      tournamentRule: game.rules.tournamentRule,
      players: [
        { name: link.names?.[0] || m.share_player_one(), kind: 'human' },
        { name: link.names?.[1] || m.share_player_two(), kind: 'human' },
      ],
    });
    // Saved as an imported game, once: the same game saved again (from this link or another way) is the
    // one already stored, and opens.
    const saved = await saveImportedGame(d, withState(fresh, game));
    setSaving(false);
    if (!saved.ok) return setProblem(m.share_not_saved({ reason: storageErrorText(saved.error) }));
    void refreshResumable();
    await openGame(saved.value.game);
    if (saved.value.alreadyStored) notify(m.share_already_stored());
  };

  const r = s.result;
  const result = r ? (r.winner === null ? m.share_draw() : WON[r.reason]({ winner: names[r.winner - 1]! })) : null;
  const moveOf = { ...movePlace(shownPly, game.rules.variant), total: movesTotal(total, game.rules.variant) };
  return (
    <main class="shared-game">
      <ScreenHeader title={m.share_shared_game_title({ variant: variantName(game.rules.variant.id), size })} />
      <div class="players">
        <SideStrip state={s} player={1} name={names[0]} />
        <SideStrip state={s} player={2} name={names[1]} />
      </div>
      <Board
        size={size}
        cells={s.cells}
        lastMove={s.lastMove?.point ?? null}
        highlighted={winningLine(s)}
        showCoordinates={settings.value.showCoordinates}
        disabled
        onPoint={() => undefined}
      />
      <p class="status" role="status">
        {shownPly === 0
          ? result === null
            ? m.share_move_of_start(moveOf)
            : m.share_move_of_start_result({ ...moveOf, result })
          : result === null
            ? m.share_move_of(moveOf)
            : m.share_move_of_result({ ...moveOf, result })}
      </p>
      {note && <p class="friend-note">{note}</p>}
      {problem && (
        <p class="notice" role="alert">
          {problem}
        </p>
      )}
      <div class="shared-actions">
        <button type="button" class="primary" disabled={saving} onClick={() => void save()}>
          {saveLabel}
        </button>
      </div>
      <nav class="review" aria-label={m.share_review_label()}>
        <button type="button" aria-label={m.share_first_move()} onClick={() => go(0)} disabled={shownPly === 0}>
          «
        </button>
        <button
          type="button"
          aria-label={m.share_previous_move()}
          onClick={() => go(shownPly - 1)}
          disabled={shownPly === 0}
        >
          ‹
        </button>
        <button
          type="button"
          aria-label={m.share_next_move()}
          onClick={() => go(shownPly + 1)}
          disabled={shownPly === total}
        >
          ›
        </button>
        <button type="button" aria-label={m.share_last_move()} onClick={() => go(total)} disabled={shownPly === total}>
          »
        </button>
      </nav>
      <MoveList game={game} shownPly={shownPly} onGo={go} />
    </main>
  );
}
