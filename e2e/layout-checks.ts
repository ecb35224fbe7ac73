/**
 * The layout rules as checks on the page as it is now, shared by the layout and screen-shape specs: no
 * element wider than the viewport, no text overlapping other text or a control, every touch target at
 * least 44 px; and for the play screen's shapes, the board wholly on screen and clear of every control.
 */
import type { Page } from '@playwright/test';

/** The screen shapes every layout is checked at: the phones upright, a phone on its side, the tablets. */
export const SCREEN_SHAPES = [
  { name: 'phone-360', width: 360, height: 640, isMobile: true },
  { name: 'phone-390', width: 390, height: 844, isMobile: true },
  { name: 'landscape', width: 844, height: 390, isMobile: true },
  { name: 'tablet', width: 820, height: 1180, isMobile: false },
  { name: 'tablet-landscape', width: 1180, height: 820, isMobile: false },
] as const;

export interface Problem {
  readonly kind: string;
  readonly what: string;
}

/** Everything that breaks the layout rules on the page as it is now. */
export async function layoutProblems(page: Page): Promise<Problem[]> {
  return page.evaluate(() => {
    const problems: { kind: string; what: string }[] = [];
    const vw = document.documentElement.clientWidth;
    const describe = (el: Element) => {
      const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      return `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? `.${el.className.split(' ').join('.')}` : ''} "${text || el.getAttribute('aria-label') || ''}"`;
    };
    const scrolls = (v: string) => v === 'auto' || v === 'scroll';
    /** The part of an element on screen: what a scroll box (the move list) has scrolled out of view is not. */
    const shownRect = (el: Element) => {
      const r = el.getBoundingClientRect();
      let { left, top, right, bottom } = r;
      for (let a = el.parentElement; a; a = a.parentElement) {
        const style = getComputedStyle(a);
        if (!scrolls(style.overflowX) && !scrolls(style.overflowY)) continue;
        const box = a.getBoundingClientRect();
        left = Math.max(left, box.left);
        top = Math.max(top, box.top);
        right = Math.min(right, box.right);
        bottom = Math.min(bottom, box.bottom);
      }
      return { left, top, right, bottom, width: Math.max(0, right - left), height: Math.max(0, bottom - top) };
    };
    const visible = (el: Element) => {
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none' || Number(style.opacity) === 0) return false;
      const r = shownRect(el);
      return r.width > 0 && r.height > 0;
    };
    const ignored = (el: Element) =>
      el.closest('.sr-only, .toasts, svg, dialog:not([open]), details:not([open]) > :not(summary)') !== null;

    if (document.documentElement.scrollWidth > vw + 1) {
      problems.push({ kind: 'overflow', what: `the page is ${document.documentElement.scrollWidth}px wide` });
    }
    for (const el of document.body.querySelectorAll('*')) {
      if (ignored(el) || !visible(el)) continue;
      const r = shownRect(el);
      if (r.right > vw + 1 || r.left < -1) problems.push({ kind: 'overflow', what: describe(el) });
    }

    // With a modal dialog open the page behind it is inert: only the dialog is checked for targets and
    // overlap (it covers the page by design).
    const scope = document.querySelector('dialog[open]') ?? document.body;
    // Touch targets: every control (or the label that holds it) is at least 44 px each way.
    const controls = scope.querySelectorAll(
      'button, select, input:not([type="hidden"]), a[href], [role="tab"], summary',
    );
    for (const el of controls) {
      if (ignored(el) || !visible(el)) continue;
      const target = el.closest('label') ?? el;
      const r = target.getBoundingClientRect();
      if (r.height < 43.5 || r.width < 43.5)
        problems.push({ kind: 'target', what: `${describe(el)} ${Math.round(r.width)}×${Math.round(r.height)}` });
    }

    // A control's label never breaks inside a word ("Rematc/h"): each word of it on one line. A break at a
    // soft hyphen (the catalogue's "Einstel\u00adlungen") is a hyphenation, shown with its hyphen: allowed.
    for (const el of scope.querySelectorAll('button, [role="tab"], summary')) {
      if (ignored(el) || !visible(el)) continue;
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (const m of text.matchAll(/[^\s\u00ad]+/g)) {
          // The line each end of the word is on (a character's last box: one that starts where a line was
          // broken also gives an empty or hyphen box at the end of the line before).
          const lineOf = (i: number) => {
            const range = document.createRange();
            range.setStart(node, i);
            range.setEnd(node, i + 1);
            return Math.round(Array.from(range.getClientRects()).at(-1)?.top ?? 0);
          };
          const tops = new Set([lineOf(m.index), lineOf(m.index + m[0].length - 1)]);
          if (tops.size > 1) problems.push({ kind: 'word-break', what: `${describe(el)}: "${m[0]}"` });
        }
      }
    }

    // Overlap: boxes of text and controls that intersect (one inside the other is nesting, not overlap).
    const boxes: { el: Element; r: ReturnType<typeof shownRect> }[] = [];
    for (const el of scope.querySelectorAll('*')) {
      if (ignored(el) || !visible(el)) continue;
      const isControl = el.matches('button, select, input, [role="tab"], summary');
      const ownText = Array.from(el.childNodes).some((n) => n.nodeType === 3 && (n.textContent ?? '').trim() !== '');
      if (!isControl && !ownText) continue;
      if (isControl || el.closest('button, select, summary') === null) boxes.push({ el, r: shownRect(el) });
    }
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i]!;
        const b = boxes[j]!;
        if (a.el.contains(b.el) || b.el.contains(a.el)) continue;
        const w = Math.min(a.r.right, b.r.right) - Math.max(a.r.left, b.r.left);
        const h = Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top);
        if (w > 2 && h > 2) problems.push({ kind: 'overlap', what: `${describe(a.el)} × ${describe(b.el)}` });
      }
    }
    return problems;
  });
}

/**
 * The play screen's shape: the board (the grid) wholly inside the viewport; when it shows the whole board,
 * its four corner points inside the viewport too (a zoomed board shows a window of it, by design); and no
 * control on top of it. With a modal dialog open the page behind it is inert and covered by design.
 */
export async function boardProblems(page: Page): Promise<Problem[]> {
  return page.evaluate(() => {
    const problems: { kind: string; what: string }[] = [];
    if (document.querySelector('dialog[open]')) return problems;
    const grid = document.querySelector('[role="grid"]');
    if (!grid) return [{ kind: 'board', what: 'no board on the page' }];
    const vw = document.documentElement.clientWidth;
    const vh = document.documentElement.clientHeight;
    const b = grid.getBoundingClientRect();
    const inView = (x: number, y: number) => x >= -0.5 && y >= -0.5 && x <= vw + 0.5 && y <= vh + 0.5;
    if (!inView(b.left, b.top) || !inView(b.right, b.bottom))
      problems.push({
        kind: 'board',
        what: `the board ${[b.left, b.top, b.right, b.bottom].map(Math.round).join(',')} is not inside ${vw}×${vh}`,
      });
    if (!grid.classList.contains('zoomed')) {
      const cells = grid.querySelectorAll('[role="gridcell"]');
      const size = Math.round(Math.sqrt(cells.length));
      for (const i of [0, size - 1, size * (size - 1), size * size - 1]) {
        const r = cells[i]!.getBoundingClientRect();
        const x = r.left + r.width / 2;
        const y = r.top + r.height / 2;
        if (!inView(x, y) || x < b.left || x > b.right || y < b.top || y > b.bottom)
          problems.push({
            kind: 'corner',
            what: `${cells[i]!.getAttribute('aria-label')} at ${Math.round(x)},${Math.round(y)}`,
          });
      }
    }
    for (const el of document.querySelectorAll('button, select, input, a[href], summary, [role="tab"], label')) {
      if (el.closest('.sr-only, .toasts, dialog:not([open])')) continue;
      const style = getComputedStyle(el);
      if (style.display === 'none' || style.visibility === 'hidden') continue;
      // The part on screen: what a scroll box (the moves' box) has scrolled out of it is not.
      let { left, top, right, bottom } = el.getBoundingClientRect();
      for (let a = el.parentElement; a; a = a.parentElement) {
        const { overflowX, overflowY } = getComputedStyle(a);
        if (![overflowX, overflowY].some((v) => v === 'auto' || v === 'scroll' || v === 'hidden')) continue;
        const box = a.getBoundingClientRect();
        left = Math.max(left, box.left);
        top = Math.max(top, box.top);
        right = Math.min(right, box.right);
        bottom = Math.min(bottom, box.bottom);
      }
      if (right - left <= 0 || bottom - top <= 0) continue;
      const w = Math.min(right, b.right) - Math.max(left, b.left);
      const h = Math.min(bottom, b.bottom) - Math.max(top, b.top);
      if (w > 1 && h > 1)
        problems.push({
          kind: 'over-board',
          what: `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 30)}"`,
        });
    }
    return problems;
  });
}
