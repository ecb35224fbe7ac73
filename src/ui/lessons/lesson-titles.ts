/**
 * Every lesson's title, by id, in a module of its own: a screen can name a lesson without carrying the
 * lessons' other words. (Home's lessons card does not name the next one yet: with the titles its first
 * chunk went over the 60 KB budget.)
 */
import type { PlainMessage } from '../words/locale';
import * as m from '../words/paraglide/messages.js';

/** Every lesson's title, by id (tests/ui/words/words-locale.test.ts holds every lesson to having its words). */
export const LESSON_TITLES: { readonly [id: string]: PlainMessage } = {
  place: m.lessons_place_title,
  five: m.lessons_five_title,
  block: m.lessons_block_title,
  capture: m.lessons_capture_title,
  'safe-pair': m.lessons_safe_pair_title,
  'capture-win': m.lessons_capture_win_title,
  'break-five': m.lessons_break_five_title,
  'tournament-rule': m.lessons_tournament_rule_title,
  'big-board': m.lessons_big_board_title,
  keryo: m.lessons_keryo_title,
  gomoku: m.lessons_gomoku_title,
  'g-pente': m.lessons_g_pente_title,
  'd-pente': m.lessons_d_pente_title,
  swap2: m.lessons_swap2_title,
  connect6: m.lessons_connect6_title,
  renju: m.lessons_renju_title,
};
