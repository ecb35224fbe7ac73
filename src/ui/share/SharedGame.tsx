/**
 * The screen a game link opens (`#/g/<code>`): the game in review, at the move it was shared at, with the
 * names, the captures, the coordinates and the move list, and "Save to my games". A damaged link says what
 * is wrong. What a link means here is storage's one decision (friendLinkMeaning): a game to look at is
 * shown; a friend game's goes to its merge (friends/FriendLink.tsx, which shows a game this device is not
 * part of with LinkedGame.tsx too).
 */
import { useEffect, useMemo, useState } from 'preact/hooks';
import { type OpenedLink, parseGameLink } from '../../core';
import { type LinkMeaning, type StorageResult, friendLinkMeaning } from '../../storage';
import { FriendLink } from '../friends/FriendLink';
import { linkTrust, prepareLinkSecurity } from '../friends/link-signer';
import { LinkProblem } from '../shell/LinkProblem';
import { db } from '../shell/app-state';
import { sharedCode } from '../shell/router';
import * as m from '../words/paraglide/messages.js';
import { storageErrorText } from '../words/storage-words';
import { LinkedGame } from './LinkedGame';
import { linkProblemText } from './link-words';

/** A game link: a damaged one says what is wrong; otherwise storage says what it means here. */
export function SharedGame() {
  const code = sharedCode.value;
  const parsed = useMemo(() => parseGameLink(safeDecode(code)), [code]);
  if (!parsed.ok) return <LinkProblem title={m.share_shared_game()} message={linkProblemText(parsed.error.problem)} />;
  return <OpenedGameLink key={code} opened={parsed.value} />;
}

/** A link that reads: asks storage what it means on this device, then shows it or hands it to its merge. */
function OpenedGameLink({ opened }: { opened: OpenedLink }) {
  const [meaning, setMeaning] = useState<StorageResult<LinkMeaning> | null>(null);
  useEffect(() => {
    let current = true;
    // A friend game's link is judged with its signature (the check's chunk is loaded for it).
    const trust = opened.link.friend ? prepareLinkSecurity().then(linkTrust) : Promise.resolve(undefined);
    void trust
      .then((t) => friendLinkMeaning(db.value, opened, t))
      .then((found) => {
        if (current) setMeaning(found);
      });
    return () => {
      current = false;
    };
  }, [opened]);
  if (!meaning) return <p class="loading">{m.friends_opening()}</p>;
  if (!meaning.ok) return <LinkProblem title={m.share_shared_game()} message={storageErrorText(meaning.error)} />;
  if (meaning.value.arrival.kind === 'view') {
    return <LinkedGame opened={opened} saveLabel={m.share_save_to_games()} />;
  }
  return <FriendLink opened={opened} meaning={meaning.value} />;
}

/** The code as the URL has it, %-escapes undone where they can be (a messenger may escape a dot). */
export function safeDecode(code: string): string {
  try {
    return decodeURIComponent(code);
  } catch {
    return code;
  }
}
