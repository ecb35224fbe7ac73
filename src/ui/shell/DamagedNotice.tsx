/**
 * The notice above a list that holds damaged records ("2 saved games could not be read…"): a button that
 * scrolls to the list's damaged section. A button, not a #link: the hash is the app's route.
 */
export function DamagedNotice({ text, sectionId }: { readonly text: string; readonly sectionId: string }) {
  return (
    <p class="notice">
      <button
        type="button"
        class="link"
        onClick={() => document.getElementById(sectionId)?.scrollIntoView({ behavior: 'smooth' })}
      >
        {text}
      </button>
    </p>
  );
}
