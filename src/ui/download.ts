/** Files the app offers to save: an export, a damaged record as it is stored. */

/** Offers a file to download. */
export function download(name: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** A file name from any text: letters, digits and dashes only. */
export const fileSafe = (text: string) => text.replace(/[^\p{L}\p{N}]+/gu, '-').slice(0, 60);
