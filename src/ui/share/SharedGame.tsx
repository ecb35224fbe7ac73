/**
 * The screen a game link opens (`#/g/<code>`): the game in review, at the move it was shared at, with the
 * names, the captures, the coordinates and the move list, and "Save to my games". A damaged link says what
 * is wrong, and a friend game's link goes to its merge (friends/FriendLink.tsx, which shows a game this
 * device is not part of with LinkedGame.tsx too).
 */
import { useMemo } from 'preact/hooks';
import { parseGameLink } from '../../core';
import { FriendLink } from '../friends/FriendLink';
import { LinkProblem } from '../shell/LinkProblem';
import { sharedCode } from '../shell/router';
import { LinkedGame } from './LinkedGame';
import * as m from '../words/paraglide/messages.js';

/** A game link: a damaged one says what is wrong; a friend game's goes to its merge; any other is shown. */
export function SharedGame() {
  const code = sharedCode.value;
  const parsed = useMemo(() => parseGameLink(safeDecode(code)), [code]);
  if (!parsed.ok) return <LinkProblem title={m.share_shared_game()} message={parsed.error.message} />;
  if (parsed.value.link.friend) return <FriendLink key={code} opened={parsed.value} />;
  return <LinkedGame key={code} opened={parsed.value} saveLabel={m.share_save_to_games()} />;
}

/** The code as the URL has it, %-escapes undone where they can be (a messenger may escape a dot). */
export function safeDecode(code: string): string {
  try {
    return decodeURIComponent(code);
  } catch {
    return code;
  }
}
