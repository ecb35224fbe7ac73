/**
 * The notices' layer: the app's notices (app-state's notify) and the update offer, placed where they cover
 * no control (toast-place.ts), moved again as the page scrolls or changes under them, and never taking a
 * tap (only a notice's own button takes one). The play screen shows the notices in its own line instead.
 */
import { useLayoutEffect, useRef } from 'preact/hooks';
import { notices, screen } from './app-state';
import { updateReady } from './pwa';
import { type Box, toastTop } from './toast-place';
import * as m from '../words/paraglide/messages.js';

/** What counts as a control a notice must not cover. */
const CONTROLS = 'button, select, input, textarea, a[href], summary, [role="tab"], [role="gridcell"]';

function place(stack: HTMLElement): void {
  if (!stack.childElementCount) return;
  const area = stack.parentElement!.getBoundingClientRect();
  const own = stack.getBoundingClientRect();
  const controls: Box[] = [];
  for (const c of document.querySelectorAll(CONTROLS)) {
    if (stack.contains(c)) continue;
    const r = c.getBoundingClientRect();
    if (r.width > 0 && r.height > 0 && r.bottom > area.top && r.top < area.bottom) {
      controls.push({ left: r.left, right: r.right, top: r.top - area.top, bottom: r.bottom - area.top });
    }
  }
  const top = toastTop({ areaHeight: area.height, left: own.left, right: own.right, height: own.height, controls });
  // Only a real move writes the style: the page's own observer would otherwise see a change each time.
  if (stack.style.top !== `${top}px`) stack.style.top = `${top}px`;
}

export function Toasts() {
  const stack = useRef<HTMLDivElement>(null);
  const onPlay = screen.value === 'play';
  const shown = notices.value;
  const update = updateReady.value;
  // Placed before the browser paints them, and again on every scroll, resize or change of the page.
  useLayoutEffect(() => {
    const el = stack.current;
    if (!el) return;
    let frame = 0;
    const later = () => {
      frame ||= requestAnimationFrame(() => {
        frame = 0;
        place(el);
      });
    };
    const changes = new MutationObserver(later);
    changes.observe(document.body, { childList: true, subtree: true, attributes: true, characterData: true });
    window.addEventListener('scroll', later, { passive: true });
    window.addEventListener('resize', later);
    return () => {
      cancelAnimationFrame(frame);
      changes.disconnect();
      window.removeEventListener('scroll', later);
      window.removeEventListener('resize', later);
    };
  }, []);
  useLayoutEffect(() => {
    if (stack.current) place(stack.current);
  });
  return (
    <div class="toasts" aria-live="polite">
      <div class="toast-stack" ref={stack}>
        {update && (
          <p class="toast">
            {m.shell_update_available()}{' '}
            <button type="button" onClick={update}>
              {m.shell_reload()}
            </button>
          </p>
        )}
        {!onPlay &&
          shown.map((n) => (
            <p
              key={n.id}
              class={`toast notice-toast${n.tone === 'problem' ? ' warn' : ''}${n.leaving ? ' leaving' : ''}`}
            >
              {n.text}
            </p>
          ))}
      </div>
    </div>
  );
}
