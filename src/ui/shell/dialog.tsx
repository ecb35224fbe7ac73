/**
 * In-app confirmation dialogs in place of the browser's `confirm()`: styled like the app, readable at
 * 360 px in both themes, and they do not block the page (the clock, the computer, other tabs' saves go on).
 *
 *   const yes = await confirmDialog({ title: 'Resign?', body: '…', confirm: 'Resign', cancel: 'Keep playing' });
 *
 * A native `<dialog>` opened with showModal(): the rest of the page is inert, Escape (and Android's Back,
 * through the browser's close watcher) cancels, and focus goes back to the element that opened it. One
 * dialog at a time: a new one cancels the one shown, and so does leaving the screen.
 *
 * The system Back closes any modal dialog or sheet of the app before it leaves the screen
 * (`closeDialogsOnBack`, one mechanism for all of them: this one, the share sheet, the paste dialog…).
 */
import { effect, signal } from '@preact/signals';
import { useLayoutEffect, useRef } from 'preact/hooks';
import { screen } from './app-state';
import { addLeaveGuard, openOverlay } from './router';
import * as m from '../words/paraglide/messages.js';

export interface ConfirmOptions {
  readonly title: string;
  readonly body?: string;
  /** The confirming button's text: say what it does ("Resign", "Delete"). */
  readonly confirm: string;
  readonly cancel?: string;
  /** A confirmation that destroys something: its button is drawn as a warning. */
  readonly destructive?: boolean;
}

interface Request extends ConfirmOptions {
  readonly id: number;
  readonly answer: (yes: boolean) => void;
  /** The element focused when it was asked for: focus goes back there. */
  readonly opener: Element | null;
}

const request = signal<Request | null>(null);
/** The `<dialog>` element on the page while one is asked for. */
let element: HTMLDialogElement | null = null;

function settle(yes: boolean): void {
  const r = request.peek();
  if (!r) return;
  // Closed now, not at the next render: while it is modal the rest of the page is inert and cannot take focus.
  if (element?.open) element.close();
  request.value = null;
  r.answer(yes);
  if (r.opener instanceof HTMLElement && r.opener.isConnected) r.opener.focus();
}

let requestId = 0;

/** Asks the player to confirm; resolves true for the confirming button, false for cancel or Escape. */
export function confirmDialog(options: ConfirmOptions): Promise<boolean> {
  settle(false);
  return new Promise((answer) => {
    request.value = { ...options, id: ++requestId, answer, opener: document.activeElement };
  });
}

// A dialog belongs to the screen it was asked on.
effect(() => {
  void screen.value;
  settle(false);
});

/** The dialog, if one is asked for: rendered once, by App. */
export function DialogHost() {
  const r = request.value;
  const ref = useRef<HTMLDialogElement>(null);
  // Layout effect: open in the same turn as the render, before any stale close event of the last dialog.
  useLayoutEffect(() => {
    element = ref.current;
    if (element && !element.open) element.showModal();
  }, [r]);
  if (!r) return null;
  return (
    <dialog
      key={r.id}
      ref={ref}
      class="confirm-dialog"
      aria-labelledby="confirm-dialog-title"
      aria-describedby={r.body ? 'confirm-dialog-body' : undefined}
      onCancel={(e) => {
        // Escape: answered here, so the element is removed by us, not closed under Preact.
        e.preventDefault();
        settle(false);
      }}
      // Closed by the browser all the same (a second Escape, a close watcher): that is a cancel too.
      onClose={(e) => {
        if (e.currentTarget === element && !element.open) settle(false);
      }}
    >
      <h2 id="confirm-dialog-title">{r.title}</h2>
      {r.body && <p id="confirm-dialog-body">{r.body}</p>}
      <div class="dialog-buttons">
        {/* autofocus: the safe answer has the focus, so Enter never destroys by surprise */}
        <button type="button" autofocus onClick={() => settle(false)}>
          {r.cancel ?? m.shell_cancel()}
        </button>
        <button type="button" class={r.destructive ? 'primary danger' : 'primary'} onClick={() => settle(true)}>
          {r.confirm}
        </button>
      </div>
    </dialog>
  );
}

/**
 * For a screen with a form that can be left half-edited: while `dirty`, leaving the screen (a button, the
 * header's Back, the system Back) first asks whether to discard the changes.
 *
 *   useLeaveGuard(JSON.stringify(draft) !== JSON.stringify(saved), 'Discard the changes to this player?');
 */
export function useLeaveGuard(dirty: boolean, title: string = m.shell_discard_title()): void {
  // A layout effect, run as the render is committed: a plain effect waits for the next frame, and a Back
  // taken in between (a busy phone, a quick thumb) left the half-edited form unasked (seen in CI).
  useLayoutEffect(() => {
    if (!dirty) return;
    return addLeaveGuard(() =>
      confirmDialog({
        title,
        body: m.shell_discard_body(),
        confirm: m.shell_discard(),
        cancel: m.shell_keep_editing(),
      }),
    );
  }, [dirty, title]);
}

/**
 * Asks a dialog to close as Escape does: a `cancel` event, which the app's dialogs answer by closing
 * themselves (so a confirmation resolves as cancelled); one that does not handle it is closed.
 */
function cancel(dialog: HTMLDialogElement): void {
  if (dialog.dispatchEvent(new Event('cancel', { cancelable: true })) && dialog.open) dialog.close();
}

const isModal = (dialog: HTMLDialogElement): boolean => {
  try {
    return dialog.matches(':modal');
  } catch {
    return true; // a browser without :modal: the app opens its dialogs with showModal()
  }
};

/**
 * Makes the system Back close every modal `<dialog>` under `root` before it leaves the screen, as a native
 * app's Back closes a sheet first: while one is open it has a history entry of its own (router.ts's
 * openOverlay), and Back cancels it; closed otherwise, its entry is taken back off. It watches the
 * dialogs' `open` attribute, so every dialog and sheet gets this by being a `<dialog>` shown with
 * showModal(), with nothing to add to each. Call once, at start.
 */
export function closeDialogsOnBack(root: Element = document.body): void {
  const open = new Map<HTMLDialogElement, () => void>();
  new MutationObserver((records) => {
    for (const r of records) {
      const d = r.target;
      if (r.type === 'attributes' && d instanceof HTMLDialogElement && d.open && !open.has(d) && isModal(d))
        open.set(
          d,
          openOverlay(() => cancel(d)),
        );
    }
    // Closed, or taken off the page still open (its screen went).
    for (const [d, closed] of open)
      if (!d.open || !d.isConnected) {
        open.delete(d);
        closed();
      }
  }).observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ['open'] });
}
