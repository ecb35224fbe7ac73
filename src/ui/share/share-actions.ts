/**
 * What the share sheet's buttons do, and what they say they did: copy to the clipboard (or, refused, select
 * the text to copy by hand), hand text or a file to the system share sheet where the browser has the Web
 * Share API, else download the file. One action at a time (`busy`); the last one's outcome is `status`.
 */
import { useState } from 'preact/hooks';
import { downloadFile } from '../shell/download';
import * as m from '../words/paraglide/messages.js';

/** The player cancelled the system share sheet: not a failure, nothing to say. */
const isAbort = (e: unknown) => e instanceof DOMException && e.name === 'AbortError';

const VERB = { copied: m.share_copied, shared: m.share_shared, downloaded: m.share_downloaded } as const;
type Done = keyof typeof VERB;

/** `title`: what a shared file is titled (the players). */
export function useShareActions(title: string) {
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);

  /** Runs one action: busy meanwhile, then says what it did (null: nothing to say) or what went wrong. */
  const run = async (work: () => Promise<Done | null>) => {
    setBusy(true);
    setStatus('');
    try {
      const done = await work();
      if (done) setStatus(VERB[done]());
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
        throw new Error(m.share_copy_refused(), { cause: e });
      }
    });

  const shareText = (data: ShareData) =>
    run(async () => {
      try {
        await navigator.share(data);
        return 'shared';
      } catch (e) {
        if (isAbort(e)) return null;
        throw new Error(m.share_share_failed(), { cause: e });
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
      downloadFile(file.name, file);
      return 'downloaded';
    });

  return { status, setStatus, busy, run, copy, shareText, shareFile };
}
