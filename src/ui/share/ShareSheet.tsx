/**
 * The play screen's Share button and the sheet it opens: a link that carries the game, a picture of the
 * position shown and an animated GIF of the whole game, and the pente.org record. Where the browser has
 * the Web Share API (a phone) the buttons hand the text, link or file to the system share sheet; elsewhere
 * they copy to the clipboard or download.
 */
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import { type GameState, type Header, formatGameLink, formatRecord, recordOf } from '../../core';
import { formatRecordDate } from '../../storage';
import { downloadFile, fileSafe } from '../shell/download';
import { useShareActions } from './share-actions';
import { appLinkUrl, friendLinkUrl } from '../friends/friend-link-url';
import type { PlayController } from '../play/session/controller';
import { gameGif } from './game-gif';
import { type PictureInfo, drawPosition, pngOf } from './position-picture';
import * as m from '../words/paraglide/messages.js';
import './share.css';
import { movePlace, movesTotal, variantName } from '../words/game-words';

/**
 * The link that opens this app on a game: its moves, the players' names and the move shown (when it is
 * not the last), so it opens where it was shared, with who played.
 */
export function gameLinkUrl(
  state: GameState,
  names: readonly [string, string],
  shownPly: number | null = null,
): string {
  return appLinkUrl(formatGameLink({ state, names, shownPly }));
}

function ShareSheet({ game, onClose }: { game: PlayController; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const linkRef = useRef<HTMLInputElement>(null);
  const recordRef = useRef<HTMLTextAreaElement>(null);

  const match = game.match.value;
  const live = match.game;
  const shown = game.shown.value;
  const names = [match.sides[0].name, match.sides[1].name] as const;
  const title = m.share_players({ black: names[0], white: names[1] });
  const { status, setStatus, busy, run, copy, shareText, shareFile } = useShareActions(title);
  const gameName = `${variantName(live.rules.variant.id)} ${live.rules.size}×${live.rules.size}`;
  const info: PictureInfo = {
    names,
    caption: (shown.moves.length === 0 ? m.share_caption_start : m.share_caption)({
      game: gameName,
      ...movePlace(shown.moves.length, live.rules.variant),
      total: movesTotal(live.moves.length, live.rules.variant),
    }),
  };
  const record = useMemo(() => {
    const headers: Header[] = [
      ['Date', formatRecordDate(Date.now())],
      ['Player 1 Name', names[0]],
      ['Player 2 Name', names[1]],
    ];
    return formatRecord(recordOf(live, headers));
  }, [live, names[0], names[1]]);
  // A friend game's link is the one that plays: the friend's device merges it into their copy (a third
  // person's shows it to look at); a plain game link would open a copy apart from the game.
  const friend = game.friend.value;
  const link = friend
    ? friendLinkUrl(game.storedRecord().players, friend, live)
    : gameLinkUrl(live, names, shown.moves.length);

  useLayoutEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal();
  }, []);
  useEffect(() => {
    if (canvasRef.current) drawPosition(canvasRef.current, shown, info);
  }, [shown]);

  const picture = () =>
    shareFile(
      async () => new File([await pngOf(canvasRef.current!)], `pente-${fileSafe(title)}.png`, { type: 'image/png' }),
    );
  const animation = () =>
    shareFile(async () => {
      setStatus(m.share_making_gif());
      const gif = await gameGif(live, { names, caption: gameName });
      return new File([gif], `pente-${fileSafe(title)}.gif`, { type: 'image/gif' });
    });

  const canShare = typeof navigator.share === 'function';
  const close = () => {
    ref.current?.close();
    onClose();
  };
  return (
    <dialog
      ref={ref}
      class="share-sheet"
      aria-labelledby="share-title"
      onCancel={(e) => {
        e.preventDefault();
        close();
      }}
    >
      <div class="share-head">
        <h2 id="share-title">{m.share_sheet_title()}</h2>
        <button type="button" onClick={close}>
          {m.share_close()}
        </button>
      </div>
      <section aria-labelledby="share-link">
        <h3 id="share-link">{m.share_link_heading()}</h3>
        <input ref={linkRef} class="share-text" readOnly value={link} aria-label={m.share_link_label()} />
        <div class="share-buttons">
          {canShare && (
            <button type="button" disabled={busy} onClick={() => void shareText({ title, url: link })}>
              {m.share_share_link()}
            </button>
          )}
          <button type="button" disabled={busy} onClick={() => void copy(link, linkRef.current)}>
            {m.share_copy_link()}
          </button>
        </div>
      </section>
      <section aria-labelledby="share-picture">
        <h3 id="share-picture">{m.share_picture_heading()}</h3>
        <canvas
          ref={canvasRef}
          class="share-picture"
          role="img"
          aria-label={m.share_picture_label({ caption: info.caption, players: title })}
        />
        <div class="share-buttons">
          <button type="button" class="primary" disabled={busy} onClick={() => void picture()}>
            {canShare ? m.share_share_picture() : m.share_download_picture()}
          </button>
          <button type="button" disabled={busy || live.moves.length === 0} onClick={() => void animation()}>
            {canShare ? m.share_share_gif() : m.share_download_gif()}
          </button>
        </div>
      </section>
      <section aria-labelledby="share-record">
        <h3 id="share-record">{m.share_record_heading()}</h3>
        <textarea
          ref={recordRef}
          class="share-text"
          readOnly
          rows={4}
          value={record}
          aria-label={m.share_record_label()}
        />
        <div class="share-buttons">
          {canShare && (
            <button type="button" disabled={busy} onClick={() => void shareText({ title, text: record })}>
              {m.share_share_record()}
            </button>
          )}
          <button type="button" disabled={busy} onClick={() => void copy(record, recordRef.current)}>
            {m.share_copy_record()}
          </button>
          <button
            type="button"
            disabled={busy}
            onClick={() =>
              void run(async () => {
                downloadFile(`pente-${fileSafe(title)}.txt`, new Blob([record], { type: 'text/plain' }));
                return 'downloaded';
              })
            }
          >
            {m.share_download_record()}
          </button>
        </div>
      </section>
      <p class="share-status" role="status">
        {status}
      </p>
    </dialog>
  );
}

/** The play screen's Share button; it opens the share sheet. */
export function ShareButton({ game }: { game: PlayController }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" class="share-button" onClick={() => setOpen(true)}>
        {m.share_button()}
      </button>
      {open && <ShareSheet game={game} onClose={() => setOpen(false)} />}
    </>
  );
}
