/**
 * Decompresses a .gz file the player chose, off the page's thread (file-text.ts's readFileText starts it).
 * The browser's DecompressionStream runs on the thread that uses it, and inflates all of one input chunk
 * in one go: on the page a 1 MB gzip bomb (1 GiB of zeros) froze it for seconds, in tasks of 0.4-4 s on
 * this machine even with the input fed 512 bytes at a time. Here the worker stops by itself once the text
 * passes the limit it is given, and sends the text only once the whole file is read and within it, in
 * pieces of about TEXT_BATCH characters (one short message each): a bomb costs the page one message,
 * and no text of it ever reaches the page's memory.
 *
 * Self-contained (no imports): it is storage's own worker, built by Vite into a chunk of its own.
 */

/** What the page sends: the file and the most bytes of text it may expand to. */
export interface InflateRequest {
  readonly file: Blob;
  readonly limit: number;
}

/** What the worker sends back: text pieces in order, then one ending. */
export type InflateMessage =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'done' }
  | { readonly kind: 'too-big' }
  | { readonly kind: 'damaged'; readonly message: string };

/** Characters per message: a few milliseconds of copying on the page, and few messages for a big file. */
const TEXT_BATCH = 1 << 20;

const scope = globalThis as unknown as {
  onmessage: ((e: MessageEvent<InflateRequest>) => void) | null;
  postMessage(message: InflateMessage): void;
};

async function inflate({ file, limit }: InflateRequest): Promise<void> {
  const reader = file.stream().pipeThrough(new DecompressionStream('gzip')).getReader();
  const decoder = new TextDecoder('utf-8');
  const ready: string[] = [];
  let batch: string[] = [];
  let batchLength = 0;
  let bytes = 0;
  const close = () => {
    if (batchLength > 0) ready.push(batch.join(''));
    batch = [];
    batchLength = 0;
  };
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.length;
      if (bytes > limit) {
        await reader.cancel().catch(() => undefined);
        scope.postMessage({ kind: 'too-big' });
        return;
      }
      const text = decoder.decode(value, { stream: true });
      batch.push(text);
      batchLength += text.length;
      if (batchLength >= TEXT_BATCH) close();
    }
    batch.push(decoder.decode());
    batchLength += 1;
    close();
    for (const text of ready) scope.postMessage({ kind: 'text', text });
    scope.postMessage({ kind: 'done' });
  } catch (e) {
    scope.postMessage({ kind: 'damaged', message: e instanceof Error ? e.message : String(e) });
  }
}

scope.onmessage = (e) => void inflate(e.data);
