/**
 * A friend game's links from the play screen: Send in one tap (the share sheet or the clipboard), the
 * send sheet when neither took the link or when "Invite" opened the game, and the signing key loaded as
 * soon as a friend game is on screen.
 */
import { useEffect, useState } from 'preact/hooks';
import { UNKNOWN_FRIEND } from '../../storage';
import { SendSheet, sendInOneGo } from '../friends/SendSheet';
import { friendLinkUrl } from '../friends/friend-link-url';
import { prepareLinkSecurity } from '../friends/link-signer';
import { sendSheetFor } from '../friends/links';
import { notify } from '../shell/app-state';
import type { FriendMarks } from './ActionBar';
import { friendStatusOf } from './play-words';
import type { PlayController } from './session/controller';
import * as words from '../words/paraglide/messages.js';

/** The friend's name ('' while their link has not said it). */
export const friendNameOf = (game: PlayController): string => {
  const name = game.match.value.sides.find((side) => side.remote)?.name ?? '';
  return name === UNKNOWN_FRIEND ? '' : name;
};

/** What a friend game's link is, in words: the invitation, the player's move, or the result. */
function sendTitle(game: PlayController): string {
  const name = friendNameOf(game);
  if (game.match.value.game.result !== null) return words.play_send_result_to({ name });
  return friendStatusOf(game)?.kind === 'send-invite' || !name
    ? words.play_invite_friend()
    : words.play_send_move_to({ name });
}

/**
 * The play screen's sending: `sendNow` sends in one tap (the send sheet only when neither the share sheet
 * nor the clipboard took the link); `sending` says whether the send sheet is open.
 */
export function useFriendSending(game: PlayController | null) {
  const [sending, setSending] = useState(false);

  const sendNow = async () => {
    if (!game) return;
    const marks = game.friend.value;
    if (!marks) return;
    await prepareLinkSecurity(); // at once after the first time: the key is loaded when the game opens
    const link = friendLinkUrl(game.storedRecord().players, marks, game.match.value.game);
    const outcome = await sendInOneGo(link, sendTitle(game));
    if (outcome === 'failed') return setSending(true);
    if (outcome === 'cancelled') return;
    game.friendLinkSent();
    const name = friendNameOf(game);
    notify(
      outcome === 'shared'
        ? words.friends_shared()
        : words.friends_copied({ friend: name || words.friends_your_friend() }),
    );
  };

  // A friend game's links are signed: the key is loaded as soon as one is on screen.
  const isFriendGame = game?.friend.value !== undefined;
  useEffect(() => {
    if (isFriendGame) void prepareLinkSecurity();
  }, [isFriendGame]);

  // "Invite" opens the new friend game with its send sheet.
  useEffect(() => {
    if (game && sendSheetFor.value === game.id) {
      sendSheetFor.value = null;
      setSending(true);
    }
  }, [game]);

  return { sending, sendNow, close: () => setSending(false) };
}

/** A friend game's send sheet: the invite, the player's move, or the result, as a link. */
export function FriendSend(props: {
  readonly game: PlayController;
  readonly friendMarks: FriendMarks;
  readonly onClose: () => void;
}) {
  const { game, friendMarks } = props;
  return (
    <SendSheet
      title={sendTitle(game)}
      link={friendLinkUrl(game.storedRecord().players, friendMarks, game.match.value.game)}
      friendName={friendNameOf(game)}
      onSent={() => game.friendLinkSent()}
      onClose={props.onClose}
    />
  );
}
