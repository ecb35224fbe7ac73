/**
 * The send sheet of a friend game: the link that carries the game as this device has it, through the Web
 * Share API where there is one (a phone's share sheet: any messenger), always Copy link, and a QR code for
 * a friend in the same room. Opened by "Invite" (the first link) and by "Send your move".
 */
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import { QrCode } from './QrCode';

/** The player cancelled the system share sheet: not a failure, nothing to say. */
const isAbort = (e: unknown) => e instanceof DOMException && e.name === 'AbortError';

export function SendSheet({
  title,
  link,
  friendName,
  onClose,
}: {
  readonly title: string;
  readonly link: string;
  /** Who the link is for, in the words around it ('' when not known yet). */
  readonly friendName: string;
  readonly onClose: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const field = useRef<HTMLInputElement>(null);
  const [status, setStatus] = useState('');
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
      setStatus(`Copied. Paste it in a message to ${friendName || 'your friend'}.`);
    } catch {
      field.current?.select();
      setStatus('Copying is not allowed here: the link is selected, copy it by hand.');
    }
  };
  const share = async () => {
    try {
      await navigator.share({ title: 'Pente', text: title, url: link });
      setStatus('Shared.');
    } catch (e) {
      if (!isAbort(e)) setStatus('Sharing did not work: copy the link instead.');
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
          Close
        </button>
      </div>
      <div class="send-body">
        <QrCode text={link} label={`QR code of the link for ${friendName || 'your friend'}`} />
        <div class="send-link">
          <p class="send-hint">
            Send this link by any messenger, or let {friendName || 'your friend'} scan the code. It carries the whole
            game: no account, no server.
          </p>
          <input ref={field} class="share-text" readOnly value={link} aria-label="Link for your friend" />
          <div class="share-buttons">
            {canShare && (
              <button type="button" class="primary" onClick={() => void share()}>
                Share link
              </button>
            )}
            <button type="button" class={canShare ? '' : 'primary'} onClick={() => void copy()}>
              Copy link
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
