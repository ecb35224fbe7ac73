/**
 * Sharing a game: the Share button and sheet of the play screen (the pente.org record, a link that carries
 * the game, a picture of the position shown, an animated GIF of the whole game), and the screen a game
 * link opens (`#/g/<code>`), which shows the game in review and offers to save it.
 *
 * The picture is drawn with the canvas 2D API from the same geometry as the board, not by loading the
 * board's SVG into an image: an SVG image needs a blob: or data: URL, which the CSP's img-src does not
 * allow, and the board's SVG takes its colours from the stylesheet, which an SVG image would not see.
 * Where the browser has the Web Share API (a phone) the buttons hand the text, link or file to the system
 * share sheet; elsewhere they copy to the clipboard or download.
 */
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import {
  type GameState,
  type Header,
  type OpenedLink,
  formatGameLink,
  formatRecord,
  parseGameLink,
  recordOf,
  stateAtPly,
  winningLine,
} from '../core';
import { formatRecordDate, newStoredGame, saveImportedGame, withState } from '../storage';
import { Board } from './Board';
import { MoveList } from './MoveList';
import { ScreenHeader } from './ScreenHeader';
import { db, notify, refreshResumable, settings } from './app-state';
import { FriendLink } from './friend/FriendLink';
import { COLOUR_NAMES, appLinkUrl } from './friend/links';
import { openGame } from './games';
import { sharedCode } from './router';
import { LinkProblem } from './screens/LinkProblem';
import type { PlayController } from './session/controller';

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

/** A file name from any text: letters, digits and dashes only. */
const fileSafe = (text: string) => text.replace(/[^\p{L}\p{N}]+/gu, '-').slice(0, 60);

function download(name: string, data: Blob): void {
  const url = URL.createObjectURL(data);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The player cancelled the system share sheet: not a failure, nothing to say. */
const isAbort = (e: unknown) => e instanceof DOMException && e.name === 'AbortError';

// ── The picture ────────────────────────────────────────────────────────────────────────────────────────

/** The picture's width in pixels: sharp on a phone, small as a PNG (tens of kilobytes). */
const PICTURE_WIDTH = 600;
const BAND = 64;
const COLOURS = { wood: '#dcb06a', line: '#4a2f0e', black: '#151515', white: '#f7f4ec', last: '#d00000' };
const WIN_COLOUR = '#e6a100';

export interface PictureInfo {
  readonly names: readonly [string, string];
  /** A line under the board: the game and the move shown. */
  readonly caption: string;
}

/** Draws a position with the names and captures above and a caption below; the canvas is resized to fit. */
export function drawPosition(canvas: HTMLCanvasElement, state: GameState, info: PictureInfo): void {
  const size = state.rules.size;
  const width = PICTURE_WIDTH;
  canvas.width = width;
  canvas.height = width + 2 * BAND;
  const g = canvas.getContext('2d');
  if (!g) return;
  const cell = width / (size + 1);
  const at = (i: number) => cell + i * cell;
  const top = BAND;

  g.fillStyle = '#ffffff';
  g.fillRect(0, 0, canvas.width, canvas.height);
  g.fillStyle = COLOURS.wood;
  g.fillRect(0, top, width, width);
  g.strokeStyle = COLOURS.line;
  g.lineWidth = 1;
  g.beginPath();
  for (let i = 0; i < size; i++) {
    g.moveTo(at(0), top + at(i));
    g.lineTo(at(size - 1), top + at(i));
    g.moveTo(at(i), top + at(0));
    g.lineTo(at(i), top + at(size - 1));
  }
  g.stroke();
  const centre = (size - 1) >> 1;
  g.fillStyle = COLOURS.line;
  g.beginPath();
  g.arc(at(centre), top + at(centre), cell * 0.12, 0, 2 * Math.PI);
  g.fill();

  const five = new Set(winningLine(state));
  for (let p = 0; p < size * size; p++) {
    const stone = state.cells[p];
    if (stone !== 1 && stone !== 2) continue;
    const x = at(p % size);
    const y = top + at(Math.floor(p / size));
    g.beginPath();
    g.arc(x, y, cell * 0.46, 0, 2 * Math.PI);
    g.fillStyle = stone === 1 ? COLOURS.black : COLOURS.white;
    g.fill();
    g.lineWidth = five.has(p) ? cell * 0.12 : 1;
    g.strokeStyle = five.has(p) ? WIN_COLOUR : '#222222';
    g.stroke();
  }
  const last = state.lastMove?.point;
  if (last !== undefined) {
    g.beginPath();
    g.arc(at(last % size), top + at(Math.floor(last / size)), cell * 0.16, 0, 2 * Math.PI);
    g.fillStyle = COLOURS.last;
    g.fill();
  }

  // The names, each with a stone of its colour and, where captures count, how many it has taken.
  const target = state.rules.variant.captureWin;
  g.textBaseline = 'middle';
  g.font = '600 22px system-ui, sans-serif';
  for (const player of [1, 2] as const) {
    const y = BAND / 2;
    const x0 = player === 1 ? 12 : width / 2 + 6;
    g.beginPath();
    g.arc(x0 + 12, y, 11, 0, 2 * Math.PI);
    g.fillStyle = player === 1 ? COLOURS.black : COLOURS.white;
    g.fill();
    g.strokeStyle = '#222222';
    g.lineWidth = 1.5;
    g.stroke();
    const captured = target === null ? '' : ` · ${state.captures[player - 1]}/${target}`;
    g.fillStyle = '#1d1a16';
    g.fillText(`${info.names[player - 1]}${captured}`, x0 + 30, y, width / 2 - 48);
  }
  g.font = '20px system-ui, sans-serif';
  g.fillStyle = '#5a5147';
  g.fillText(info.caption, 12, top + width + BAND / 2, width - 24);
}

/** The canvas as a PNG file. */
function pngOf(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('The picture could not be made.'))), 'image/png'),
  );
}

// ── The animated GIF (gifenc, loaded only when asked for) ───────────────────────────────────────────────

/** How long each move shows in the GIF, and the last position (so a loop does not jump straight back). */
const GIF_FRAME_MS = 600;
const GIF_LAST_FRAME_MS = 3000;
/** The GIF's width: a whole game is many frames, so it is smaller than the still picture. */
const GIF_WIDTH = 360;

/** An animated GIF of a game, one frame per move from the empty board; gifenc is loaded on first use. */
export async function gameGif(state: GameState, info: PictureInfo): Promise<Blob> {
  const { GIFEncoder, quantize, applyPalette } = await import('gifenc');
  const canvas = document.createElement('canvas');
  const small = document.createElement('canvas');
  const gif = GIFEncoder();
  /** The pixels of a position as the GIF shows it. */
  const pixelsOf = (position: GameState, caption = info.caption) => {
    drawPosition(canvas, position, { ...info, caption });
    small.width = GIF_WIDTH;
    small.height = Math.round((canvas.height * GIF_WIDTH) / canvas.width);
    const g = small.getContext('2d', { willReadFrequently: true })!;
    g.drawImage(canvas, 0, 0, small.width, small.height);
    return g.getImageData(0, 0, small.width, small.height).data;
  };
  // One palette for every frame (the colours never change), plus one entry that later frames use for "as
  // before". It is taken from the last position: the first has no last-move dot or winning five, whose red
  // and gold would otherwise come out brown.
  const palette = [...quantize(pixelsOf(state), 63), [255, 0, 255]];
  const clear = palette.length - 1;
  let previous: Uint8Array | null = null;
  for (let ply = 0; ply <= state.moves.length; ply++) {
    const index = applyPalette(pixelsOf(stateAtPly(state, ply), `${info.caption} · move ${ply}`), palette);
    // A move changes a few stones and the caption: every other pixel is written as transparent over the
    // frame before (dispose 1 keeps it), which LZW packs to almost nothing. A whole frame per move is ~10 KB.
    let frame = index;
    if (previous) {
      frame = new Uint8Array(index.length);
      for (let i = 0; i < index.length; i++) frame[i] = index[i] === previous[i] ? clear : index[i]!;
    }
    previous = index;
    const delay = ply === state.moves.length ? GIF_LAST_FRAME_MS : GIF_FRAME_MS;
    gif.writeFrame(frame, small.width, small.height, {
      palette: ply === 0 ? palette : undefined,
      delay,
      dispose: 1,
      transparent: ply > 0,
      transparentIndex: clear,
    });
  }
  gif.finish();
  return new Blob([gif.bytes()], { type: 'image/gif' });
}

// ── The share sheet ────────────────────────────────────────────────────────────────────────────────────

const VERB = { copied: 'Copied.', shared: 'Shared.', downloaded: 'Downloaded.' } as const;

function ShareSheet({ game, onClose }: { game: PlayController; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const linkRef = useRef<HTMLInputElement>(null);
  const recordRef = useRef<HTMLTextAreaElement>(null);
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);

  const m = game.match.value;
  const live = m.game;
  const shown = game.shown.value;
  const names = [m.sides[0].name, m.sides[1].name] as const;
  const title = `${names[0]} vs ${names[1]}`;
  const gameName = `${live.rules.variant.name} ${live.rules.size}×${live.rules.size}`;
  const info: PictureInfo = { names, caption: `${gameName} · move ${shown.moves.length} of ${live.moves.length}` };
  const record = useMemo(() => {
    const headers: Header[] = [
      ['Date', formatRecordDate(Date.now())],
      ['Player 1 Name', names[0]],
      ['Player 2 Name', names[1]],
    ];
    return formatRecord(recordOf(live, headers));
  }, [live, names[0], names[1]]);
  const link = gameLinkUrl(live, names, shown.moves.length);

  useLayoutEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal();
  }, []);
  useEffect(() => {
    if (canvasRef.current) drawPosition(canvasRef.current, shown, info);
  }, [shown]);

  const run = async (work: () => Promise<keyof typeof VERB | null>) => {
    setBusy(true);
    setStatus('');
    try {
      const done = await work();
      if (done) setStatus(VERB[done]);
    } catch (e) {
      setStatus(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  /** Copies `text`; where the clipboard is refused, selects it so the player can copy it by hand. */
  const copy = (text: string, field: HTMLInputElement | HTMLTextAreaElement | null) =>
    run(async () => {
      try {
        await navigator.clipboard.writeText(text);
        return 'copied';
      } catch (e) {
        field?.select();
        throw new Error('Copying is not allowed here: the text is selected, copy it by hand.', { cause: e });
      }
    });

  const shareText = (data: ShareData) =>
    run(async () => {
      try {
        await navigator.share(data);
        return 'shared';
      } catch (e) {
        if (isAbort(e)) return null;
        throw new Error('Sharing did not work: copy it instead.', { cause: e });
      }
    });

  /** Shares a file through the system where it can take files, else downloads it. */
  const shareFile = (make: () => Promise<File>) =>
    run(async () => {
      const file = await make();
      const data = { files: [file], title };
      if (typeof navigator.canShare === 'function' && navigator.canShare(data)) {
        try {
          await navigator.share(data);
          return 'shared';
        } catch (e) {
          if (isAbort(e)) return null;
          // Refused (no user activation left after a long encode, a policy): the download still works.
        }
      }
      download(file.name, file);
      return 'downloaded';
    });

  const picture = () =>
    shareFile(
      async () => new File([await pngOf(canvasRef.current!)], `pente-${fileSafe(title)}.png`, { type: 'image/png' }),
    );
  const animation = () =>
    shareFile(async () => {
      setStatus('Making the GIF…');
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
        <h2 id="share-title">Share this game</h2>
        <button type="button" onClick={close}>
          Close
        </button>
      </div>
      <section aria-labelledby="share-link">
        <h3 id="share-link">Link</h3>
        <input ref={linkRef} class="share-text" readOnly value={link} aria-label="Link to this game" />
        <div class="share-buttons">
          {canShare && (
            <button type="button" disabled={busy} onClick={() => void shareText({ title, url: link })}>
              Share link
            </button>
          )}
          <button type="button" disabled={busy} onClick={() => void copy(link, linkRef.current)}>
            Copy link
          </button>
        </div>
      </section>
      <section aria-labelledby="share-picture">
        <h3 id="share-picture">Picture of this position</h3>
        <canvas ref={canvasRef} class="share-picture" role="img" aria-label={`${info.caption}: ${title}`} />
        <div class="share-buttons">
          <button type="button" class="primary" disabled={busy} onClick={() => void picture()}>
            {canShare ? 'Share picture' : 'Download picture'}
          </button>
          <button type="button" disabled={busy || live.moves.length === 0} onClick={() => void animation()}>
            {canShare ? 'Share GIF of the game' : 'Download GIF of the game'}
          </button>
        </div>
      </section>
      <section aria-labelledby="share-record">
        <h3 id="share-record">pente.org record</h3>
        <textarea ref={recordRef} class="share-text" readOnly rows={4} value={record} aria-label="Record text" />
        <div class="share-buttons">
          {canShare && (
            <button type="button" disabled={busy} onClick={() => void shareText({ title, text: record })}>
              Share record
            </button>
          )}
          <button type="button" disabled={busy} onClick={() => void copy(record, recordRef.current)}>
            Copy record
          </button>
          <button
            type="button"
            disabled={busy}
            onClick={() =>
              void run(async () => {
                download(`pente-${fileSafe(title)}.txt`, new Blob([record], { type: 'text/plain' }));
                return 'downloaded';
              })
            }
          >
            Download record
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
        Share
      </button>
      {open && <ShareSheet game={game} onClose={() => setOpen(false)} />}
    </>
  );
}

// ── The screen a game link opens ───────────────────────────────────────────────────────────────────────

const HOW = { five: 'five in a row', captures: 'captures', resignation: 'resignation', time: 'time' } as const;

/** A game link: a damaged one says what is wrong; a friend game's goes to its merge; any other is shown. */
export function SharedGame() {
  const code = sharedCode.value;
  const parsed = useMemo(() => parseGameLink(safeDecode(code)), [code]);
  if (!parsed.ok) return <LinkProblem title="Shared game" message={parsed.error.message} />;
  if (parsed.value.link.friend) return <FriendLink key={code} opened={parsed.value} />;
  return <LinkedGame key={code} opened={parsed.value} saveLabel="Save to my games" />;
}

/** The code as the URL has it, %-escapes undone where they can be (a messenger may escape a dot). */
function safeDecode(code: string): string {
  try {
    return decodeURIComponent(code);
  } catch {
    return code;
  }
}

/** One side of a linked game: the name (or the colour, when the link has none) and the stones captured. */
function LinkedSide({ state, player, name }: { state: GameState; player: 1 | 2; name: string }) {
  const target = state.rules.variant.captureWin;
  const captured = state.captures[player - 1]!;
  const active = !state.result && state.toMove === player;
  return (
    <section class={`player${active ? ' active' : ''}`} aria-label={`${COLOUR_NAMES[player]}: ${name}`}>
      <span class={`dot p${player}`} aria-hidden="true" />
      <span class="name">{name}</span>
      {target !== null && (
        <span class="captured" aria-label={`${captured} of ${target} stones captured`}>
          {Array.from({ length: Math.floor(captured / 2) }, (_, i) => (
            <span key={i} class={`pair p${3 - player}`} aria-hidden="true" />
          ))}
          <span class="count">
            {captured}/{target}
          </span>
        </span>
      )}
    </section>
  );
}

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
  const names = [link.names?.[0] || 'Black', link.names?.[1] || 'White'] as const;
  const go = (to: number) => setPly(to >= total ? null : Math.max(0, to));

  const save = async () => {
    const d = db.value;
    if (!d) return setProblem('This game cannot be saved: the saved games are not available here.');
    setSaving(true);
    const fresh = newStoredGame({
      variant: game.rules.variant.id,
      size,
      tournamentRule: game.rules.tournamentRule,
      players: [
        { name: link.names?.[0] || 'Player 1', kind: 'human' },
        { name: link.names?.[1] || 'Player 2', kind: 'human' },
      ],
    });
    // Saved as an imported game, once: the same game saved again (from this link or another way) is the
    // one already stored, and opens.
    const saved = await saveImportedGame(d, withState(fresh, game));
    setSaving(false);
    if (!saved.ok) return setProblem(`Not saved: ${saved.error.message}`);
    void refreshResumable();
    await openGame(saved.value.game);
    if (saved.value.alreadyStored) notify('This game was already in your games: it is opened from there.');
  };

  const r = s.result;
  const result = r ? (r.winner ? ` ${names[r.winner - 1]} won by ${HOW[r.reason]}.` : ' Draw.') : '';
  return (
    <main class="shared-game">
      <ScreenHeader title={`Shared game: ${game.rules.variant.name} ${size}×${size}`} />
      <div class="players">
        <LinkedSide state={s} player={1} name={names[0]} />
        <LinkedSide state={s} player={2} name={names[1]} />
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
        Move {shownPly} of {total}.{result}
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
      <nav class="review" aria-label="Review">
        <button type="button" aria-label="First move" onClick={() => go(0)} disabled={shownPly === 0}>
          «
        </button>
        <button type="button" aria-label="Previous move" onClick={() => go(shownPly - 1)} disabled={shownPly === 0}>
          ‹
        </button>
        <button type="button" aria-label="Next move" onClick={() => go(shownPly + 1)} disabled={shownPly === total}>
          ›
        </button>
        <button type="button" aria-label="Last move" onClick={() => go(total)} disabled={shownPly === total}>
          »
        </button>
      </nav>
      <MoveList game={game} shownPly={shownPly} onGo={go} />
    </main>
  );
}
