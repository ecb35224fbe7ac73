/**
 * A QR code of a text (a link), drawn on a canvas from qrcode-generator's modules. The library is loaded
 * with import() when a code is first shown, so it stays out of the first screen's bundle (the service
 * worker precaches its chunk, so it works offline). Error correction L: a link is long, and a screen shown
 * to a camera in the same room is clean; a larger code would need more pixels per module.
 */
import { useEffect, useRef, useState } from 'preact/hooks';

/** Pixels per module on the canvas (its CSS size is set by the stylesheet), and the quiet zone in modules. */
const SCALE = 4;
const QUIET = 4;

export function QrCode({ text, label }: { readonly text: string; readonly label: string }) {
  const ref = useRef<HTMLCanvasElement>(null);
  const [problem, setProblem] = useState('');
  useEffect(() => {
    let current = true;
    void import('qrcode-generator')
      .then(({ default: qrcode }) => {
        const canvas = ref.current;
        if (!current || !canvas) return;
        const qr = qrcode(0, 'L');
        qr.addData(text, 'Byte');
        qr.make();
        const count = qr.getModuleCount();
        const size = (count + 2 * QUIET) * SCALE;
        canvas.width = size;
        canvas.height = size;
        const g = canvas.getContext('2d');
        if (!g) return;
        g.fillStyle = '#ffffff';
        g.fillRect(0, 0, size, size);
        g.fillStyle = '#000000';
        for (let r = 0; r < count; r++) {
          for (let c = 0; c < count; c++) {
            if (qr.isDark(r, c)) g.fillRect((c + QUIET) * SCALE, (r + QUIET) * SCALE, SCALE, SCALE);
          }
        }
        canvas.dataset.modules = String(count);
        setProblem('');
      })
      .catch((e: unknown) => current && setProblem(`The QR code could not be made (${String(e)}).`));
    return () => {
      current = false;
    };
  }, [text]);
  return problem ? <p class="notice">{problem}</p> : <canvas ref={ref} class="qr-code" role="img" aria-label={label} />;
}
