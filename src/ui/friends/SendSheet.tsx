/**
 * The send sheet of a friend game: the link that carries the game as this device has it, through the Web
 * Share API where there is one (a phone's share sheet: any messenger), always Copy link, and a QR code for
 * a friend in the same room. Opened by "Invite" (the first link, when the friend moves first) and by a
 * Send that could neither share nor copy in one go (sendInOneGo).
 */
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import { QrCode } from './QrCode';
import * as m from '../words/paraglide/messages.js';
import './friends.css';

/** The player cancelled the system share sheet: not a failure, nothing to say. */
const isAbort = (e: unknown) => e instanceof DOMException && e.name === 'AbortError';

/** What one tap on Send did with a link. */
export type SendOutcome = 'shared' | 'copied' | 'cancelled' | 'failed';

/**
 * Send in one tap: the system share sheet where there is one (a phone: any messenger), else the
 * clipboard. 'failed' when neither took it: the caller opens the send sheet (the link to copy by hand,
 * the QR code).
 */
export async function sendInOneGo(link: string, title: string): Promise<SendOutcome> {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title: 'Pente', text: title, url: link });
      return 'shared';
    } catch (e) {
      if (isAbort(e)) return 'cancelled';
    }
  }
  try {
    await navigator.clipboard.writeText(link);
    return 'copied';
  } catch {
    return 'failed';
  }
}

export function SendSheet({
  title,
  link,
  friendName,
  onSent,
  onClose,
}: {
  readonly title: string;
  readonly link: string;
  /** Who the link is for, in the words around it ('' when not known yet). */
  readonly friendName: string;
  /** The link went out (copied or handed to the share sheet): the friend is about to have it. */
  readonly onSent: () => void;
  readonly onClose: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const field = useRef<HTMLInputElement>(null);
  const [status, setStatus] = useState('');
  const friend = friendName || m.friends_your_friend();
  useLayoutEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal();
  }, []);
  const close = () => {
    ref.current?.close();
    onClose();
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setStatus(m.friends_copied({ friend }));
      onSent();
    } catch {
      field.current?.select();
      setStatus(m.friends_copy_refused());
    }
  };
  const share = async () => {
    try {
      await navigator.share({ title: 'Pente', text: title, url: link });
      setStatus(m.friends_shared());
      onSent();
    } catch (e) {
      if (!isAbort(e)) setStatus(m.friends_share_failed());
    }
  };
  const canShare = typeof navigator.share === 'function';
  return (
    <dialog
      ref={ref}
      class="share-sheet send-sheet"
      aria-labelledby="send-title"
      onCancel={(e) => {
        e.preventDefault();
        close();
      }}
    >
      <div class="share-head">
        <h2 id="send-title">{title}</h2>
        <button type="button" onClick={close}>
          {m.friends_close()}
        </button>
      </div>
      <div class="send-body">
        <QrCode text={link} label={m.friends_qr_label({ friend })} />
        <div class="send-link">
          <p class="send-hint">{m.friends_send_hint({ friend })}</p>
          <input ref={field} class="share-text" readOnly value={link} aria-label={m.friends_link_label()} />
          <div class="share-buttons">
            {canShare && (
              <button type="button" class="primary" onClick={() => void share()}>
                {m.friends_share_link()}
              </button>
            )}
            <button type="button" class={canShare ? '' : 'primary'} onClick={() => void copy()}>
              {m.friends_copy_link()}
            </button>
          </div>
          <p class="share-status" role="status">
            {status}
          </p>
        </div>
      </div>
    </dialog>
  );
}
