/**
 * The animated GIF of a whole game, one frame per move from the empty board, each frame the position's
 * picture (position-picture.ts) made smaller. gifenc is loaded with `import()` only when a GIF is asked
 * for, so it stays out of every screen's chunk (the service worker precaches it for offline use).
 */
import { type GameState, type Variant, stateAtPly } from '../../core';
import { type PictureInfo, drawPosition } from './position-picture';
import { movePlace } from '../words/game-words';
import * as m from '../words/paraglide/messages.js';

/** A frame's caption: the picture's, and which move the frame shows. */
const frameCaption = (caption: string, ply: number, variant: Variant): string =>
  ply === 0 ? m.share_gif_caption_start({ caption }) : m.share_gif_caption({ caption, ...movePlace(ply, variant) });

/** How long each move shows in the GIF, and the last position (so a loop does not jump straight back). */
export const GIF_FRAME_MS = 600;
export const GIF_LAST_FRAME_MS = 3000;
/** The GIF's width: a whole game is many frames, so it is smaller than the still picture. */
const GIF_WIDTH = 360;

/**
 * A frame as written over the one before: each pixel that has not changed becomes `clear` (the palette's
 * "as before", transparent), so a move's frame is a few stones and the caption, which LZW packs to almost
 * nothing (a whole frame per move is ~10 KB). The first frame (no frame before) is written whole.
 */
export function changesOnly(index: Uint8Array, previous: Uint8Array | null, clear: number): Uint8Array {
  if (!previous) return index;
  const frame = new Uint8Array(index.length);
  for (let i = 0; i < index.length; i++) frame[i] = index[i] === previous[i] ? clear : index[i]!;
  return frame;
}

/** How long the frame of `ply` shows in a game of `total` moves: the last one longest. */
export const frameDelayMs = (ply: number, total: number): number => (ply === total ? GIF_LAST_FRAME_MS : GIF_FRAME_MS);

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
    const index = applyPalette(
      pixelsOf(stateAtPly(state, ply), frameCaption(info.caption, ply, state.rules.variant)),
      palette,
    );
    // Only what the move changed, over the frame before (dispose 1 keeps it).
    const frame = changesOnly(index, previous, clear);
    previous = index;
    gif.writeFrame(frame, small.width, small.height, {
      palette: ply === 0 ? palette : undefined,
      delay: frameDelayMs(ply, state.moves.length),
      dispose: 1,
      transparent: ply > 0,
      transparentIndex: clear,
    });
  }
  gif.finish();
  return new Blob([gif.bytes()], { type: 'image/gif' });
}
