/** Files the app offers to save: an export, a damaged record as it is stored, a shared game's files. */

/** Offers a file to download. */
export function downloadFile(name: string, data: Blob): void {
  const url = URL.createObjectURL(data);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Offers text to download as a file of the given type. */
export function download(name: string, text: string, type: string): void {
  downloadFile(name, new Blob([text], { type }));
}

/** A file name from any text: letters, digits and dashes only. */
export const fileSafe = (text: string) => text.replace(/[^\p{L}\p{N}]+/gu, '-').slice(0, 60);
