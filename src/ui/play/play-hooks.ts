/** The play screen's effects that outlive a render: its analysis, the review keys, the unsaved-moves guard. */
import { useEffect, useMemo } from 'preact/hooks';
import { AnalysisController } from '../review/analysis/controller';
import { browserAnalysisPorts } from '../review/analysis/browser-ports';
import { confirmDialog } from '../shell/dialog';
import { addLeaveGuard } from '../shell/router';
import type { PlayController } from './session/controller';
import * as words from '../words/paraglide/messages.js';

/** The play screen's analysis, made for each game shown and disposed of when it goes. */
export function useAnalysis(game: PlayController | null): AnalysisController | null {
  const analysis = useMemo(() => (game ? new AnalysisController(game, browserAnalysisPorts()) : null), [game]);
  useEffect(() => () => analysis?.dispose(), [analysis]);
  return analysis;
}

/** Keys that mean something where focus is, so the review keys leave them alone. */
const OWN_KEYS = 'input, select, textarea, [contenteditable="true"], [role="grid"], dialog';

/**
 * The review keys: ← and → step through the game, Home and End go to its start and its end. They work
 * wherever focus is on the play screen except where those keys already do something: a text field or a
 * select, the scrubber (a range moves itself), the board's grid (arrows move between points) and an
 * open dialog. Read from the signals at the key press, so the listener is added once per game.
 */
export function useReviewKeys(game: PlayController | null): void {
  useEffect(() => {
    if (!game) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
      if (e.target instanceof Element && e.target.closest(OWN_KEYS)) return;
      if (document.querySelector('dialog[open]')) return;
      const total = game.match.value.game.moves.length;
      const ply = game.shown.value.moves.length;
      const reviewing = game.match.value.reviewPly !== null;
      let to: number | null | undefined;
      if (e.key === 'ArrowLeft' && ply > 0) to = ply - 1;
      else if (e.key === 'Home' && ply > 0) to = 0;
      else if (e.key === 'ArrowRight' && reviewing) to = ply + 1;
      else if (e.key === 'End' && reviewing) to = null;
      else if (e.key === 'ArrowLeft' || e.key === 'ArrowRight' || e.key === 'Home' || e.key === 'End') {
        // At either end: nothing to do, and no page scroll for a key that means "review" here.
        if (total > 0) e.preventDefault();
        return;
      } else return;
      e.preventDefault();
      game.review(to);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [game]);
}

/** Moves held by this page alone (their save failed and nothing could keep them): leaving asks first. */
export function useUnsavedLeaveGuard(game: PlayController | null): void {
  const atRisk = game?.unsavedAtRisk.value ?? false;
  useEffect(() => {
    if (!game || !atRisk) return;
    return addLeaveGuard(async () => {
      const leave = await confirmDialog({
        title: words.play_unsaved_title(),
        body: words.play_unsaved_body(),
        confirm: words.play_leave_anyway(),
        cancel: words.play_retry(),
        destructive: true,
      });
      if (!leave) game.retrySave();
      return leave;
    });
  }, [game, atRisk]);
}
