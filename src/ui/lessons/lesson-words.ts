/**
 * The lessons' words (the `lessons` catalogue), found by lesson id: the core's lessons (src/core/lessons.ts)
 * are positions, goals and points only. Titles are a table of their own, so Home (which names the next
 * lesson) does not carry every lesson's text in its chunk.
 */
import { type Lesson, type LessonAttempt, formatPoint, opponent } from '../../core';
import { colourName } from '../words/game-words';
import type { PlainMessage } from '../words/locale';
import * as m from '../words/paraglide/messages.js';
import { LESSON_TITLES } from './lesson-titles';

export { LESSON_TITLES };

type Words = PlainMessage;

interface LessonTexts {
  readonly prompt: Words;
  readonly right: Words;
  readonly wrong: Words;
  /** What is said about each listed mistake, by point (pente.org name) or opening step (a seat lesson's). */
  readonly mistakes: { readonly [point: string]: Words };
}

/** Every lesson's prompt and what is said after a move, by id. */
export const LESSON_TEXTS: { readonly [id: string]: LessonTexts } = {
  place: {
    prompt: m.lessons_place_prompt,
    right: m.lessons_place_right,
    wrong: m.lessons_place_wrong,
    mistakes: { A1: m.lessons_place_mistake_A1, D4: m.lessons_place_mistake_D4 },
  },
  five: {
    prompt: m.lessons_five_prompt,
    right: m.lessons_five_right,
    wrong: m.lessons_five_wrong,
    mistakes: { A5: m.lessons_five_mistake_A5, G6: m.lessons_five_mistake_G6 },
  },
  block: {
    prompt: m.lessons_block_prompt,
    right: m.lessons_block_right,
    wrong: m.lessons_block_wrong,
    mistakes: { E6: m.lessons_block_mistake_E6, H7: m.lessons_block_mistake_H7 },
  },
  capture: {
    prompt: m.lessons_capture_prompt,
    right: m.lessons_capture_right,
    wrong: m.lessons_capture_wrong,
    mistakes: { D5: m.lessons_capture_mistake_D5, G6: m.lessons_capture_mistake_G6 },
  },
  'safe-pair': {
    prompt: m.lessons_safe_pair_prompt,
    right: m.lessons_safe_pair_right,
    wrong: m.lessons_safe_pair_wrong,
    mistakes: { D8: m.lessons_safe_pair_mistake_D8, G9: m.lessons_safe_pair_mistake_G9 },
  },
  'capture-win': {
    prompt: m.lessons_capture_win_prompt,
    right: m.lessons_capture_win_right,
    wrong: m.lessons_capture_win_wrong,
    mistakes: { F5: m.lessons_capture_win_mistake_F5 },
  },
  'break-five': {
    prompt: m.lessons_break_five_prompt,
    right: m.lessons_break_five_right,
    wrong: m.lessons_break_five_wrong,
    mistakes: { B7: m.lessons_break_five_mistake_B7, G7: m.lessons_break_five_mistake_G7 },
  },
  'tournament-rule': {
    prompt: m.lessons_tournament_rule_prompt,
    right: m.lessons_tournament_rule_right,
    wrong: m.lessons_tournament_rule_wrong,
    mistakes: { D5: m.lessons_tournament_rule_mistake_D5, G7: m.lessons_tournament_rule_mistake_G7 },
  },
  'big-board': {
    prompt: m.lessons_big_board_prompt,
    right: m.lessons_big_board_right,
    wrong: m.lessons_big_board_wrong,
    mistakes: { K11: m.lessons_big_board_mistake_K11, P10: m.lessons_big_board_mistake_P10 },
  },
  keryo: {
    prompt: m.lessons_keryo_prompt,
    right: m.lessons_keryo_right,
    wrong: m.lessons_keryo_wrong,
    mistakes: { B2: m.lessons_keryo_mistake_B2, H6: m.lessons_keryo_mistake_H6 },
  },
  gomoku: {
    prompt: m.lessons_gomoku_prompt,
    right: m.lessons_gomoku_right,
    wrong: m.lessons_gomoku_wrong,
    mistakes: { F5: m.lessons_gomoku_mistake_F5 },
  },
  'g-pente': {
    prompt: m.lessons_g_pente_prompt,
    right: m.lessons_g_pente_right,
    wrong: m.lessons_g_pente_wrong,
    mistakes: { H5: m.lessons_g_pente_mistake_H5, E8: m.lessons_g_pente_mistake_E8, D5: m.lessons_g_pente_mistake_D5 },
  },
  'd-pente': {
    prompt: m.lessons_d_pente_prompt,
    right: m.lessons_d_pente_right,
    wrong: m.lessons_d_pente_wrong,
    mistakes: { keep: m.lessons_d_pente_mistake_keep },
  },
  swap2: {
    prompt: m.lessons_swap2_prompt,
    right: m.lessons_swap2_right,
    wrong: m.lessons_swap2_wrong,
    mistakes: { swap: m.lessons_swap2_mistake_swap, pass: m.lessons_swap2_mistake_pass },
  },
  connect6: {
    prompt: m.lessons_connect6_prompt,
    right: m.lessons_connect6_right,
    wrong: m.lessons_connect6_wrong,
    mistakes: { A5: m.lessons_connect6_mistake_A5 },
  },
  renju: {
    prompt: m.lessons_renju_prompt,
    right: m.lessons_renju_right,
    wrong: m.lessons_renju_wrong,
    mistakes: { K5: m.lessons_renju_mistake_K5, M12: m.lessons_renju_mistake_M12 },
  },
};

export const lessonTitle = (lesson: Pick<Lesson, 'id'>): string => LESSON_TITLES[lesson.id]?.() ?? lesson.id;

export const lessonPrompt = (lesson: Pick<Lesson, 'id'>): string => LESSON_TEXTS[lesson.id]?.prompt() ?? '';

/**
 * What to tell the player after a move in a lesson: the core's judgement (LessonExplanation) in words.
 * `toMove` is the side that played (the opponent answers), `size` the board's, for the reply's name.
 */
export function explanationWords(
  lesson: Pick<Lesson, 'id'>,
  attempt: LessonAttempt,
  toMove: 1 | 2,
  size: number,
): string {
  const texts = LESSON_TEXTS[lesson.id];
  const e = attempt.explanation;
  switch (e.kind) {
    case 'right':
      return texts?.right() ?? '';
    case 'mistake':
      return texts?.mistakes[e.point]?.() ?? texts?.wrong() ?? '';
    case 'occupied':
      return m.shared_illegal_occupied({ point: e.point });
    case 'wrong': {
      const wrong = texts?.wrong() ?? '';
      if (e.reply === null) return wrong;
      const colour = colourName(opponent(toMove));
      return m.lessons_wrong_with_reply({ wrong, colour, point: formatPoint(size, e.reply) });
    }
  }
}
