/**
 * A QR code of a text (a link), drawn on a canvas from qrcode-generator's modules. The library is loaded
 * with import() when a code is first shown, so it stays out of the first screen's bundle (the service
 * worker precaches its chunk, so it works offline). Error correction L: a link is long, and a screen shown
 * to a camera in the same room is clean; a larger code would need more pixels per module.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import * as m from '../words/paraglide/messages.js';
import './friends.css';

/** Pixels per module on the canvas (its CSS size is set by the stylesheet), and the quiet zone in modules. */
export const QR_SCALE = 4;
export const QR_QUIET = 4;

/** The modules of a text's QR code (error correction L, byte mode): `dark[row][column]`. */
export async function qrModules(text: string): Promise<readonly (readonly boolean[])[]> {
  const { default: qrcode } = await import('qrcode-generator');
  const qr = qrcode(0, 'L');
  qr.addData(text, 'Byte');
  qr.make();
  const count = qr.getModuleCount();
  return Array.from({ length: count }, (_, r) => Array.from({ length: count }, (_, c) => qr.isDark(r, c)));
}

/** Draws the modules, black on white with the quiet zone around, QR_SCALE pixels a module. */
export function drawQr(canvas: HTMLCanvasElement, dark: readonly (readonly boolean[])[]): void {
  const count = dark.length;
  const size = (count + 2 * QR_QUIET) * QR_SCALE;
  canvas.width = size;
  canvas.height = size;
  const g = canvas.getContext('2d');
  if (!g) return;
  g.fillStyle = '#ffffff';
  g.fillRect(0, 0, size, size);
  g.fillStyle = '#000000';
  dark.forEach((row, r) =>
    row.forEach((on, c) => on && g.fillRect((c + QR_QUIET) * QR_SCALE, (r + QR_QUIET) * QR_SCALE, QR_SCALE, QR_SCALE)),
  );
  canvas.dataset.modules = String(count);
}

export function QrCode({ text, label }: { readonly text: string; readonly label: string }) {
  const ref = useRef<HTMLCanvasElement>(null);
  const [problem, setProblem] = useState('');
  useEffect(() => {
    let current = true;
    void qrModules(text)
      .then((dark) => {
        const canvas = ref.current;
        if (!current || !canvas) return;
        drawQr(canvas, dark);
        setProblem('');
      })
      .catch((e: unknown) => current && setProblem(m.friends_qr_failed({ error: String(e) })));
    return () => {
      current = false;
    };
  }, [text]);
  return problem ? <p class="notice">{problem}</p> : <canvas ref={ref} class="qr-code" role="img" aria-label={label} />;
}
