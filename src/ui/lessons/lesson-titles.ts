/**
 * Every lesson's title, by id, in a module of its own: Home names the next lesson on a phone's first screen,
 * which must not carry the lessons' other words.
 */
import type { PlainMessage } from '../words/locale';
import * as m from '../words/paraglide/messages.js';

/** Every lesson's title, by id (tests/lesson-words.test.ts holds every lesson to having its words). */
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
};
