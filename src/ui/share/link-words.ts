/**
 * Why a game link cannot be read, in the player's language: the core's parseGameLink returns the fault
 * as data (GameLinkProblem), and this words it.
 */
import type { GameLinkProblem, LinkNameFault } from '../../core';
import { illegalMoveWords, movePlace } from '../words/game-words';
import * as m from '../words/paraglide/messages.js';

function nameFaultText(fault: LinkNameFault): string {
  switch (fault.kind) {
    case 'not-encoded':
      return m.share_link_name_not_encoded();
    case 'not-text':
      return m.share_link_name_not_text();
    case 'too-long':
      return m.share_link_name_too_long({ max: fault.max });
    case 'hidden-character':
      return m.share_link_name_hidden_character({ character: fault.character });
    case 'spaces':
      return m.share_link_name_spaces();
  }
}

export function linkProblemText(problem: GameLinkProblem): string {
  switch (problem.kind) {
    case 'empty':
      return m.share_link_empty();
    case 'unknown-format':
      return m.share_link_unknown_format();
    case 'cut-short':
      return m.share_link_cut_short();
    case 'too-long':
      return m.share_link_too_long();
    case 'no-such-game':
      return m.share_link_no_such_game();
    case 'too-many-moves':
      return m.share_link_too_many_moves();
    case 'bad-character':
      return problem.move === null
        ? m.share_link_bad_character()
        : m.share_link_bad_character_move(movePlace(problem.move));
    case 'off-board':
      return m.share_link_off_board({ ...movePlace(problem.move), size: problem.size });
    case 'illegal-move':
      return m.share_link_illegal_move({
        ...movePlace(problem.move),
        why: illegalMoveWords(problem, { point: problem.point, centre: problem.centre }),
      });
    case 'changed':
      return m.share_link_changed();
    case 'bad-name':
      return nameFaultText(problem.fault);
    case 'repeated-field':
      return m.share_link_repeated_field();
    case 'unknown-field':
      return m.share_link_unknown_field();
    case 'friend-incomplete':
      return m.share_link_friend_incomplete();
    case 'after-signature':
      return m.share_link_after_signature();
    case 'key-without-signature':
      return m.share_link_key_without_signature();
    case 'out-of-turn':
      return m.share_link_out_of_turn(movePlace(problem.move));
    case 'step-not-due':
      return m.share_link_step_not_due(movePlace(problem.move));
  }
}
